import fc from "fast-check";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../domain/i18n/locales.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";
import { invoiceTotals, renderInvoicePdf, type InvoiceInput, type InvoiceLine } from "./invoice.ts";
import { pdfText } from "./pdf.ts";

const phone: InvoiceLine = { name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", withFullBattery: true, priceCents: 54_900, discountCents: 2_500, vatScheme: "margin" };
const laptop: InvoiceLine = { name: "MacBook Air 13\" M1, 256 GB", grade: "A3", withFullBattery: false, priceCents: 123_456, discountCents: 0, vatScheme: "margin" };
const cable: InvoiceLine = { name: "USB-C Ladekabel 1 m", grade: "NEW", withFullBattery: false, priceCents: 1_999, discountCents: 0, vatScheme: "standard" };
const charger: InvoiceLine = { name: "Netzteil 20 W", grade: "NEW", withFullBattery: false, priceCents: 5_000, discountCents: 500, vatScheme: "standard" };

/**
 * Worked out by hand: standard = 1999 + (5000 − 500) + 499 shipping + 299 insurance = 7297,
 * VAT = 7297 × 19 / 119 = 1165.07 → 1165; margin = (54900 − 2500) + 123456 = 175856; total 183153.
 */
const mixed: InvoiceInput = {
  locale: "de",
  orderNumber: "RL-2025-000123",
  issuedAt: new Date("2025-03-14T10:30:00Z"),
  seller: { name: "Reloop GmbH", address: ["Musterstraße 1", "10115 Berlin"], vatId: "DE123456789" },
  billingAddress: ["Jörg Łukasiewicz", "Hauptstraße 5", "80331 München"],
  deliveryAddress: ["Jörg Łukasiewicz", "Nebenweg 7", "80331 München"],
  lines: [phone, laptop, cable, charger],
  shippingCents: 499,
  insuranceCents: 299,
  couponCode: "FRUEHLING25",
  totalCents: 183_153,
  paymentMethodLabel: "Kreditkarte",
};

function order(lines: InvoiceLine[], shippingCents = 0, insuranceCents = 0): InvoiceInput {
  const input = { ...mixed, lines, shippingCents, insuranceCents, totalCents: 0 };
  return { ...input, totalCents: invoiceTotals(input).totalCents };
}

function standard(grossCents: number): InvoiceLine {
  return { ...cable, priceCents: grossCents };
}

/** The PDF's text as a PDF reader extracts it, with every kind of space made one plain space. */
async function pdfTextContent(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

function money(cents: number, tag: string): string {
  return new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" }).format(cents / 100).replace(/\s+/g, " ");
}

describe("invoiceTotals", () => {
  it("splits a mixed order into standard-rated and margin-scheme amounts", () => {
    expect(invoiceTotals(mixed)).toEqual({ standardGrossCents: 7_297, standardVatCents: 1_165, marginGrossCents: 175_856, totalCents: 183_153 });
  });

  it("charges VAT on shipping and insurance even when every item is under the margin scheme", () => {
    // 499 + 299 = 798; 798 × 19 / 119 = 127.4 → 127
    expect(invoiceTotals(order([phone], 499, 299))).toEqual({ standardGrossCents: 798, standardVatCents: 127, marginGrossCents: 52_400, totalCents: 53_198 });
  });

  it("shows no VAT for a margin-only order without shipping costs", () => {
    expect(invoiceTotals(order([laptop]))).toEqual({ standardGrossCents: 0, standardVatCents: 0, marginGrossCents: 123_456, totalCents: 123_456 });
  });

  it("takes the VAT out of the gross amount, rounded to the nearest cent", () => {
    const vat = (gross: number) => invoiceTotals(order([standard(gross)])).standardVatCents;
    expect(vat(11_900)).toBe(1_900); // exact
    expect(vat(119)).toBe(19); // exact
    expect(vat(100)).toBe(16); // 15.97 → up
    expect(vat(6)).toBe(1); // 0.958 → up
    expect(vat(3)).toBe(0); // 0.479 → down
    expect(vat(1_999)).toBe(319); // 319.17 → down
  });

  it("rounds once on the sum of the standard lines, not per line", () => {
    // Per line: 3 × round(0.479) = 0; on the sum 9 × 19 / 119 = 1.44 → 1.
    expect(invoiceTotals(order([standard(3), standard(3), standard(3)])).standardVatCents).toBe(1);
  });

  it("keeps the VAT within half a cent of 19/119 of the gross amount, and the total the sum of both schemes", () => {
    const line = fc.record({
      priceCents: fc.integer({ min: 0, max: 500_000 }),
      discountCents: fc.integer({ min: 0, max: 500 }),
      vatScheme: fc.constantFrom("margin" as const, "standard" as const),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.nat(2_000), fc.nat(2_000), (lines, shipping, insurance) => {
        const totals = invoiceTotals(order(lines.map((l) => ({ ...cable, ...l })), shipping, insurance));
        expect(Math.abs(totals.standardVatCents * 119 - totals.standardGrossCents * 19)).toBeLessThanOrEqual(59);
        expect(totals.totalCents).toBe(totals.standardGrossCents + totals.marginGrossCents);
      }),
    );
  });
});

describe("renderInvoicePdf", () => {
  it("renders a PDF file, the same bytes for the same input", async () => {
    const pdf = await renderInvoicePdf(mixed);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await renderInvoicePdf(mixed)).equals(pdf)).toBe(true);
  });

  it("holds the order number, the margin-scheme note and the total in German", async () => {
    const text = await pdfTextContent(await renderInvoicePdf(mixed));
    expect(text).toContain("Rechnung");
    expect(text).toContain("RL-2025-000123");
    expect(text).toContain("Gebrauchtgegenstände / Sonderregelung");
    expect(text).toContain("§ 25a UStG");
    expect(text).toContain("1.831,53 €");
    expect(text).toContain("Enthaltene USt. 19 %");
    expect(text).toContain("11,65 €");
    expect(text).toContain("Zustand: Sehr gut · mit neuem Akku");
    // The insurance by the name the shop gives it everywhere.
    expect(text).toContain("Transportversicherung");
    expect(text).toContain("FRUEHLING25");
    expect(text).toContain("14. März 2025");
    // Helvetica cannot show Ł; the reader still gets a legible name.
    expect(text).toContain("Jörg Lukasiewicz");
  });

  it("holds the margin-scheme note and the total in English", async () => {
    const text = await pdfTextContent(await renderInvoicePdf({ ...mixed, locale: "en" }));
    expect(text).toContain("Invoice");
    expect(text).toContain("RL-2025-000123");
    expect(text).toContain("Margin scheme — second-hand goods");
    expect(text).toContain("€1,831.53");
    expect(text).toContain("VAT 19 % included");
    expect(text).toContain("Condition: Very good · with a new battery");
    expect(text).toContain("Transport insurance");
  });

  it("shows French amounts, whose narrow spaces Helvetica lacks", async () => {
    const text = await pdfTextContent(await renderInvoicePdf({ ...mixed, locale: "fr" }));
    expect(text).toContain(money(183_153, "fr-FR"));
    expect(text).toContain("Régime particulier — biens d'occasion");
  });

  it.each(LOCALES)("renders the %s title and total", async (locale) => {
    const pdf = await renderInvoicePdf({ ...mixed, locale });
    const text = await pdfTextContent(pdf);
    const tag = { de: "de-DE", en: "en-GB", es: "es-ES", fr: "fr-FR", it: "it-IT", nl: "nl-NL" }[locale];
    expect(text).toContain(INVOICE_TEXTS[locale].title);
    expect(text).toContain(money(183_153, tag));
    const { info } = await getMeta(new Uint8Array(pdf));
    expect(info).toMatchObject({ Title: `${INVOICE_TEXTS[locale].title} RL-2025-000123`, Language: tag });
  });

  it("leaves out the margin-scheme note when every item is standard-rated", async () => {
    const text = await pdfTextContent(await renderInvoicePdf(order([cable], 499)));
    expect(text).not.toContain("Sonderregelung");
    expect(text).toContain("Enthaltene USt. 19 %");
  });

  it("continues the table on further pages for long orders", async () => {
    const pdf = await renderInvoicePdf(order(Array.from({ length: 40 }, () => cable), 499));
    const { totalPages } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
    expect(totalPages).toBeGreaterThan(1);
    const text = await pdfTextContent(pdf);
    expect(text).toContain(`Seite ${totalPages} von ${totalPages}`);
    expect(text).toContain("804,59 €"); // 40 × 19,99 € + 4,99 €
  });

  it("refuses an invoice whose lines do not add up to the order total", async () => {
    await expect(renderInvoicePdf({ ...mixed, totalCents: mixed.totalCents + 1 })).rejects.toThrow(/add up to 183153/);
    await expect(renderInvoicePdf({ ...mixed, shippingCents: 4.99, totalCents: mixed.totalCents - 499 + 4.99 })).rejects.toThrow(/whole cents/);
  });
});

describe("pdfText", () => {
  it("keeps what Helvetica can show and replaces the rest", () => {
    expect(pdfText("Grüße, 1.234,56 € – „gut“")).toBe("Grüße, 1.234,56 € – „gut“");
    expect(pdfText("Łódź")).toBe("Lódz");
    expect(pdfText("1\u202f234,56\u00a0€")).toBe("1\u00a0234,56\u00a0€");
    expect(pdfText("\u22121 Straße\n2")).toBe("-1 Straße 2");
    expect(pdfText("東京")).toBe("??");
  });
});
