import { extractText, getDocumentProxy, getMeta, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { INTL_TAG, LOCALES } from "../domain/i18n/locales.ts";
import { SELL_GRADES } from "../domain/selling/grading.ts";
import { renderShippingLabelPdf, shippingLabelFileName, type ShippingLabelInput } from "./shipping-label.ts";
import { SELL_GRADE_NAMES, SHIPPING_LABEL_TEXTS } from "./shipping-label-texts.ts";

const sale: ShippingLabelInput = {
  locale: "de",
  saleNumber: "S-0001000",
  carrier: "dhl",
  parcels: 1,
  sender: ["Jörg Łukasiewicz", "Hauptstraße 5", "80331 München", "Deutschland"],
  recipient: ["Reloop GmbH", "Ankauf", "Torstraße 140", "10119 Berlin", "Deutschland"],
  insuredValueCents: 61_900,
  createdAt: new Date("2026-03-14T10:30:00Z"),
  items: [
    { name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", priceCents: 41_000 },
    { name: "Nintendo Switch OLED", grade: "DEFECT", priceCents: 20_900 },
  ],
};

/** Page objects, not the /Pages tree above them. */
function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type \/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** The PDF's text as a PDF reader extracts it, page by page, with every kind of space made one plain space. */
async function pageTexts(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
  return text.map((page) => page.replace(/\s+/g, " "));
}

describe("renderShippingLabelPdf", () => {
  it("renders a PDF file, the same bytes for the same input", async () => {
    const pdf = await renderShippingLabelPdf(sale);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await renderShippingLabelPdf(sale)).equals(pdf)).toBe(true);
  });

  it.each([1, 2, 3])("has one page for each of %i parcels", async (parcels) => {
    const pdf = await renderShippingLabelPdf({ ...sale, parcels });
    expect(pageCount(pdf)).toBe(parcels);
    const pages = await pageTexts(pdf);
    expect(pages).toHaveLength(parcels);
    pages.forEach((text, index) => {
      expect(text).toContain(`Paket ${index + 1} von ${parcels}`);
      expect(text).toContain(`S-0001000-${index + 1}`);
    });
  });

  it("refuses parcel counts outside 1 to 3", async () => {
    for (const parcels of [0, 4, -1, 1.5, Number.NaN]) {
      await expect(renderShippingLabelPdf({ ...sale, parcels }), String(parcels)).rejects.toThrow(RangeError);
    }
  });

  it("embeds the parcel's barcode as an image on every page", async () => {
    const pdf = await renderShippingLabelPdf({ ...sale, parcels: 2 });
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    const { OPS } = await getResolvedPDFJS();
    const proxy = await getDocumentProxy(new Uint8Array(pdf));
    for (let page = 1; page <= proxy.numPages; page++) {
      const { fnArray } = await (await proxy.getPage(page)).getOperatorList();
      expect(fnArray.filter((fn) => fn === OPS.paintImageXObject), `page ${page}`).toHaveLength(1);
    }
  });

  it("holds the carrier, both addresses, the insured value and a packing list in German", async () => {
    const [text] = await pageTexts(await renderShippingLabelPdf(sale));
    expect(text).toContain("DHL");
    expect(text).toContain("Absender");
    expect(text).toContain("Jörg Lukasiewicz"); // Helvetica has no Ł
    expect(text).toContain("Empfänger");
    expect(text).toContain("Torstraße 140");
    expect(text).toContain("Versicherter Wert");
    expect(text).toContain("619,00 €");
    expect(text).toContain("14. März 2026");
    expect(text).toContain("Hier abschneiden");
    expect(text).toContain("Diese Hälfte bitte mit in das Paket legen");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit");
    expect(text).toContain("Sehr gut");
    expect(text).toContain("Defekt");
    expect(text).toContain("410,00 €");
  });

  it("writes Hermes labels in English", async () => {
    const [text] = await pageTexts(await renderShippingLabelPdf({ ...sale, locale: "en", carrier: "hermes", parcels: 1 }));
    expect(text).toContain("Hermes");
    expect(text).toContain("Parcel 1 of 1");
    expect(text).toContain("Put this half into the parcel");
    expect(text).toContain("Insured value");
    expect(text).toContain("€619.00");
    expect(text).toContain("Very good");
    expect(text).toContain("Defective");
  });

  it.each(LOCALES)("renders the %s title and texts", async (locale) => {
    const pdf = await renderShippingLabelPdf({ ...sale, locale });
    const [text] = await pageTexts(pdf);
    const t = SHIPPING_LABEL_TEXTS[locale];
    expect(text).toContain(t.packingSlip);
    expect(text).toContain(t.parcel(1, 1));
    expect(text).toContain(SELL_GRADE_NAMES[locale].DEFECT);
    const { info } = await getMeta(new Uint8Array(pdf));
    expect(info).toMatchObject({ Title: `${t.title} S-0001000`, Language: INTL_TAG[locale] });
  });

  it("fits a long list on the page and says how many items it leaves out", async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ name: `Item ${i + 1}`, grade: SELL_GRADES[i % SELL_GRADES.length]!, priceCents: 1_000 }));
    const pdf = await renderShippingLabelPdf({ ...sale, locale: "en", items, parcels: 3 });
    expect(pageCount(pdf)).toBe(3);
    const [text] = await pageTexts(pdf);
    expect(text).toContain("Item 1 ");
    expect(text).toMatch(/… and \d+ more items/);
    expect(text).toContain("€500.00");
  });

  it("refuses amounts that are not whole cents", async () => {
    await expect(renderShippingLabelPdf({ ...sale, insuredValueCents: 619.5 })).rejects.toThrow(/whole cents/);
  });
});

describe("shippingLabelFileName", () => {
  it("names the file in each language, in plain ASCII", () => {
    const names = LOCALES.map((locale) => shippingLabelFileName(locale, "S-0001000"));
    expect(names).toEqual([
      "Versandetikett-S-0001000.pdf",
      "shipping-label-S-0001000.pdf",
      "etiqueta-de-envio-S-0001000.pdf",
      "etiquette-expedition-S-0001000.pdf",
      "etichetta-spedizione-S-0001000.pdf",
      "verzendlabel-S-0001000.pdf",
    ]);
    for (const name of names) expect(name).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe("SELL_GRADE_NAMES", () => {
  it("names every grade in every language, each differently", () => {
    for (const locale of LOCALES) {
      const names = SELL_GRADES.map((grade) => SELL_GRADE_NAMES[locale][grade]);
      expect(names.every((name) => name.trim() !== "")).toBe(true);
      expect(new Set(names).size).toBe(SELL_GRADES.length);
    }
  });
});
