import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { GRADES } from "../domain/catalogue/grades.ts";
import { INTL_TAG, LOCALES } from "../domain/i18n/locales.ts";
import {
  DELIVERY_NOTE_TEXTS,
  deliveryNoteFileName,
  renderDeliveryNotePdf,
  RETURN_DAYS,
  unitIdentifierText,
  WARRANTY_MONTHS,
  type DeliveryNoteInput,
} from "./delivery-note.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";

const note: DeliveryNoteInput = {
  locale: "de",
  orderNumber: "R26-001234",
  date: new Date("2026-03-14T10:30:00Z"),
  seller: { name: "Reloop GmbH", address: ["Torstraße 140", "10119 Berlin", "Deutschland"] },
  deliveryAddress: ["Jörg Łukasiewicz", "Nebenweg 7", "80331 München", "Deutschland"],
  items: [
    { name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", withFullBattery: true, identifier: "356938035643809" },
    { name: "MacBook Air 13\" M1, 256 GB", grade: "A3", identifier: "c02xl0gtjgh5" },
    { name: "USB-C Ladekabel 1 m", grade: "NEW" },
  ],
  shipment: { carrier: "dhl", trackingNumber: "0034 0434 1610 9404 2557" },
};

/** The PDF's text as a PDF reader extracts it, page by page, with every kind of space made one plain space. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
  return text.map((page) => plain(page));
}

const plain = (text: string) => text.replace(/\s+/g, " ");

describe("renderDeliveryNotePdf", () => {
  it("renders a PDF file, the same bytes for the same input", async () => {
    const pdf = await renderDeliveryNotePdf(note);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await renderDeliveryNotePdf(note)).equals(pdf)).toBe(true);
    const [width, height] = (await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1)).view.slice(2);
    // A4 is 210 × 297 mm.
    expect([Math.round((width! / 72) * 25.4), Math.round((height! / 72) * 25.4)]).toEqual([210, 297]);
  });

  it("lists the order, the date, the delivery address and every unit with its condition and identifier in German", async () => {
    const [text] = await pageTexts(await renderDeliveryNotePdf(note));
    expect(text).toContain("Lieferschein");
    expect(text).toContain("Bestellnummer R26-001234");
    expect(text).toContain("Versanddatum 14. März 2026");
    expect(text).toContain("Versand mit DHL");
    expect(text).toContain("Sendungsnummer 00340434161094042557");
    expect(text).toContain("Lieferadresse");
    expect(text).toContain("Jörg Lukasiewicz"); // Helvetica has no Ł
    expect(text).toContain("Nebenweg 7");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit");
    expect(text).toContain("Zustand: Sehr gut · mit neuem Akku");
    expect(text).toContain("IMEI 356938035643809");
    expect(text).toContain('MacBook Air 13" M1, 256 GB');
    expect(text).toContain("Zustand: Akzeptabel");
    expect(text).toContain("Seriennummer C02XL0GTJGH5");
    expect(text).toContain("USB-C Ladekabel 1 m");
    expect(text).toContain("Zustand: Neu");
    expect(text).toContain("3 Artikel");
    expect(text).toContain("Seite 1 von 1");
  });

  it("shows no prices", async () => {
    for (const locale of LOCALES) {
      const [text] = await pageTexts(await renderDeliveryNotePdf({ ...note, locale }));
      expect(text, locale).not.toMatch(/€|EUR|\d+[.,]\d{2}\b/);
      expect(text, locale).toContain(plain(DELIVERY_NOTE_TEXTS[locale].noPrices));
    }
  });

  it("tells of the 30-day return and the 12-month warranty in German", async () => {
    expect([RETURN_DAYS, WARRANTY_MONTHS]).toEqual([30, 12]);
    const [text] = await pageTexts(await renderDeliveryNotePdf(note));
    expect(text).toContain("Rückgabe und Garantie");
    expect(text).toContain("innerhalb von 30 Tagen nach Erhalt");
    expect(text).toContain("12 Monate Garantie ab Lieferung");
  });

  it.each(LOCALES)("writes the %s title, list and notes", async (locale) => {
    const pdf = await renderDeliveryNotePdf({ ...note, locale });
    const [text] = await pageTexts(pdf);
    const t = DELIVERY_NOTE_TEXTS[locale];
    const inv = INVOICE_TEXTS[locale];
    for (const fixed of [t.title, t.date, t.carrier, t.columnIdentifier, t.count(3), t.returnsHeading, t.returns, t.warranty, inv.orderNumber, inv.deliveryAddress, inv.grades.A1]) {
      expect(text).toContain(plain(fixed));
    }
    expect(text).toContain(`${t.imei} 356938035643809`);
    expect(text).toContain(`${t.serialNumber} C02XL0GTJGH5`);
    expect(text).toContain("30");
    expect(text).toContain("12");
    const { info } = await getMeta(new Uint8Array(pdf));
    expect(info).toMatchObject({ Title: `${t.title} R26-001234`, Language: INTL_TAG[locale] });
  });

  it("leaves out the carrier while it is not known, and the tracking number while there is none", async () => {
    const [unknown] = await pageTexts(await renderDeliveryNotePdf({ ...note, shipment: null }));
    expect(unknown).not.toContain("Versand mit");
    expect(unknown).not.toContain("Sendungsnummer");
    const [untracked] = await pageTexts(await renderDeliveryNotePdf({ ...note, shipment: { carrier: "hermes", trackingNumber: null } }));
    expect(untracked).toContain("Versand mit Hermes");
    expect(untracked).not.toContain("Sendungsnummer");
  });

  it("runs a long list over several pages, repeating the column heads and numbering the pages", async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ name: `Gerät ${i + 1}`, grade: GRADES[i % GRADES.length]!, identifier: String(350_000_000_000_000 + i) }));
    const pages = await pageTexts(await renderDeliveryNotePdf({ ...note, items }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain(`Seite ${index + 1} von ${pages.length}`);
      expect(text).toContain("IMEI / Seriennummer");
    });
    const all = pages.join(" ");
    for (let i = 1; i <= 60; i++) expect(all).toContain(`Gerät ${i} `);
    expect(all).toContain("IMEI 350000000000059");
    expect(all).toContain("60 Artikel");
    expect(pages.at(-1)).toContain("Rückgabe und Garantie");
  });
});

describe("unitIdentifierText", () => {
  it("calls fifteen digits an IMEI and anything else a serial number, without spaces and in upper case", () => {
    expect(unitIdentifierText("de", "35 693803 564380 9")).toBe("IMEI 356938035643809");
    expect(unitIdentifierText("en", "c02xl0gtjgh5")).toBe("Serial number C02XL0GTJGH5");
    expect(unitIdentifierText("fr", "1234567890123456")).toBe("Numéro de série 1234567890123456");
  });
});

describe("deliveryNoteFileName", () => {
  it("names the file in each language, in plain ASCII", () => {
    const names = LOCALES.map((locale) => deliveryNoteFileName(locale, "R26-001234"));
    expect(names).toEqual([
      "Lieferschein-R26-001234.pdf",
      "delivery-note-R26-001234.pdf",
      "albaran-R26-001234.pdf",
      "bon-de-livraison-R26-001234.pdf",
      "documento-di-trasporto-R26-001234.pdf",
      "pakbon-R26-001234.pdf",
    ]);
    for (const name of names) expect(name).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe("DELIVERY_NOTE_TEXTS", () => {
  it("has every text in every language, each its own", () => {
    for (const locale of LOCALES) {
      const strings = Object.values(DELIVERY_NOTE_TEXTS[locale]).filter((value): value is string => typeof value === "string");
      expect(strings.every((value) => value.trim() !== "" && !/undefined|null|\{\{|\$\{/.test(value)), locale).toBe(true);
    }
    expect(new Set(LOCALES.map((locale) => DELIVERY_NOTE_TEXTS[locale].returns)).size).toBe(LOCALES.length);
    expect(new Set(LOCALES.map((locale) => DELIVERY_NOTE_TEXTS[locale].warranty)).size).toBe(LOCALES.length);
  });
});
