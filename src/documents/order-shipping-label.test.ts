import { toBuffer } from "bwip-js/node";
import sharp from "sharp";
import { extractText, getDocumentProxy, getMeta, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { INTL_TAG, LOCALES } from "../domain/i18n/locales.ts";
import { SHIPPING_CARRIERS, SHIPPING_CARRIER_NAMES } from "../domain/checkout/carriers.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";
import {
  ORDER_SHIPPING_LABEL_TEXTS,
  orderShippingLabelBarcodeText,
  orderShippingLabelFileName,
  renderOrderShippingLabelPdf,
  type OrderShippingLabelInput,
} from "./order-shipping-label.ts";
import { SHIPPING_LABEL_TEXTS } from "./shipping-label-texts.ts";

const parcel: OrderShippingLabelInput = {
  locale: "de",
  orderNumber: "R26-001234",
  carrier: "dhl",
  trackingNumber: "0034 0434 1610 9404 2557",
  sender: ["Reloop GmbH", "Am Borsigturm 42", "13507 Berlin", "Deutschland"],
  recipient: ["Jörg Łukasiewicz", "Hauptstraße 5", "80331 München", "Deutschland"],
  createdAt: new Date("2026-03-14T10:30:00Z"),
};

/** The PDF's text as a PDF reader extracts it, with every kind of space made one plain space. */
async function pdfTextContent(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The images painted on the first page, as a PDF reader decodes them. */
async function pageImages(pdf: Buffer): Promise<Pixels[]> {
  const { OPS } = await getResolvedPDFJS();
  const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
  const { fnArray, argsArray } = await page.getOperatorList();
  const names = fnArray.flatMap((fn, index) => (fn === OPS.paintImageXObject ? [(argsArray[index] as [string])[0]] : []));
  return Promise.all(
    names.map(
      (name) =>
        new Promise<Pixels>((resolve) =>
          page.objs.get(name, (image: { width: number; height: number; kind: number; data: Uint8ClampedArray }) =>
            // pdf.js's image kinds: 1 is one bit a pixel, 2 RGB, 3 RGBA.
            resolve({ width: image.width, height: image.height, channels: image.kind === 3 ? 4 : 3, data: image.data }),
          ),
        ),
    ),
  );
}

/**
 * The bars and spaces across the middle of a barcode picture, in modules: "2112142…" for a two-module bar,
 * a one-module space and so on. The same symbol gives the same string at any scale.
 */
function modules({ width, height, channels, data }: Pixels): string {
  const row = Math.floor(height / 2) * width * channels;
  const dark = Array.from({ length: width }, (_, x) => {
    const at = row + x * channels;
    const opaque = channels === 4 ? data[at + 3]! > 127 : true;
    return opaque && data[at]! + data[at + 1]! + data[at + 2]! < 3 * 128;
  });
  const runs: number[] = [];
  let run = 0;
  dark.forEach((isDark, x) => {
    run++;
    if (x === width - 1 || dark[x + 1] !== isDark) {
      runs.push(run);
      run = 0;
    }
  });
  // Code 128 starts with a bar; trailing light pixels are no part of the symbol.
  if (!dark[0]) runs.shift();
  if (!dark[width - 1]) runs.pop();
  const unit = Math.min(...runs);
  return runs.map((r) => r / unit).join("");
}

/** What bwip-js draws for the text in Code 128, at its smallest. */
async function code128Modules(text: string): Promise<string> {
  const png = await toBuffer({ bcid: "code128", text, scale: 1, height: 5, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return modules({ width: info.width, height: info.height, channels: info.channels, data });
}

describe("renderOrderShippingLabelPdf", () => {
  it("renders one A6 page, the same bytes for the same input", async () => {
    const pdf = await renderOrderShippingLabelPdf(parcel);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await renderOrderShippingLabelPdf(parcel)).equals(pdf)).toBe(true);
    const proxy = await getDocumentProxy(new Uint8Array(pdf));
    expect(proxy.numPages).toBe(1);
    // A6 is 105 × 148 mm.
    const [x0, y0, x1, y1] = (await proxy.getPage(1)).view;
    expect([Math.round(((x1! - x0!) / 72) * 25.4), Math.round(((y1! - y0!) / 72) * 25.4)]).toEqual([105, 148]);
  });

  it("holds the carrier, the shop as sender, the delivery address, the order and the tracking number in German", async () => {
    const text = await pdfTextContent(await renderOrderShippingLabelPdf(parcel));
    expect(text).toContain("DHL");
    expect(text).toContain("Absender");
    expect(text).toContain("Reloop GmbH");
    expect(text).toContain("Am Borsigturm 42");
    expect(text).toContain("Empfänger");
    expect(text).toContain("Jörg Lukasiewicz"); // Helvetica has no Ł
    expect(text).toContain("Hauptstraße 5");
    expect(text).toContain("80331 München");
    expect(text).toContain("Bestellnummer");
    expect(text).toContain("R26-001234");
    expect(text).toContain("Sendungsnummer");
    expect(text).toContain("00340434161094042557");
    expect(text).toContain("14.03.2026");
  });

  it("encodes the tracking number, without its spaces, in a Code 128 barcode", async () => {
    const images = await pageImages(await renderOrderShippingLabelPdf(parcel));
    expect(images).toHaveLength(1);
    const drawn = modules(images[0]!);
    expect(drawn).toBe(await code128Modules("00340434161094042557"));
    // The comparison tells numbers apart: the order number's barcode is another.
    expect(drawn).not.toBe(await code128Modules("R26-001234"));
  });

  it("encodes a UPS number typed in lower case in upper case", async () => {
    const ups = { ...parcel, carrier: "ups" as const, trackingNumber: "1z 999 aa1 01 2345 6784" };
    expect(orderShippingLabelBarcodeText(ups)).toBe("1Z999AA10123456784");
    const [image] = await pageImages(await renderOrderShippingLabelPdf(ups));
    expect(modules(image!)).toBe(await code128Modules("1Z999AA10123456784"));
    expect(await pdfTextContent(await renderOrderShippingLabelPdf(ups))).toContain("UPS");
  });

  it("encodes the order number while the carrier has given no tracking number", async () => {
    for (const trackingNumber of [null, "  "]) {
      const pending = { ...parcel, trackingNumber };
      expect(orderShippingLabelBarcodeText(pending)).toBe("R26-001234");
      const pdf = await renderOrderShippingLabelPdf(pending);
      const [image] = await pageImages(pdf);
      expect(modules(image!)).toBe(await code128Modules("R26-001234"));
      const text = await pdfTextContent(pdf);
      expect(text).not.toContain("Sendungsnummer");
    }
  });

  it.each(SHIPPING_CARRIERS)("names %s large on the label", async (carrier) => {
    const text = await pdfTextContent(await renderOrderShippingLabelPdf({ ...parcel, carrier }));
    expect(text).toContain(SHIPPING_CARRIER_NAMES[carrier]);
  });

  it.each(LOCALES)("writes the %s texts and title", async (locale) => {
    const pdf = await renderOrderShippingLabelPdf({ ...parcel, locale });
    const text = await pdfTextContent(pdf);
    const label = SHIPPING_LABEL_TEXTS[locale];
    expect(text).toContain(label.from);
    expect(text).toContain(label.to);
    expect(text).toContain(INVOICE_TEXTS[locale].orderNumber);
    expect(text).toContain(ORDER_SHIPPING_LABEL_TEXTS[locale].trackingNumber);
    const { info } = await getMeta(new Uint8Array(pdf));
    expect(info).toMatchObject({ Title: `${label.title} R26-001234`, Language: INTL_TAG[locale] });
  });

  it("fits a long address on the one page with smaller letters", async () => {
    const recipient = ["Graf & Söhne Refurbished Electronics Trading Company", "Lena Marie Graf-Üzümcü", "Packstation 123", "Postnummer 12345678", "Rheinland-Pfälzische Straße der Deutschen Einheit 1234a", "80331 München", "Deutschland"];
    const pdf = await renderOrderShippingLabelPdf({ ...parcel, recipient });
    expect((await getDocumentProxy(new Uint8Array(pdf))).numPages).toBe(1);
    const text = await pdfTextContent(pdf);
    expect(text).toContain("Postnummer 12345678");
    expect(text).toContain("00340434161094042557");
  });

  it("refuses a tracking number a barcode cannot hold", async () => {
    await expect(renderOrderShippingLabelPdf({ ...parcel, trackingNumber: "Größe" })).rejects.toThrow(RangeError);
  });
});

describe("orderShippingLabelFileName", () => {
  it("names the file in each language, in plain ASCII", () => {
    const names = LOCALES.map((locale) => orderShippingLabelFileName(locale, "R26-001234"));
    expect(names).toEqual([
      "Versandetikett-R26-001234.pdf",
      "shipping-label-R26-001234.pdf",
      "etiqueta-de-envio-R26-001234.pdf",
      "etiquette-expedition-R26-001234.pdf",
      "etichetta-spedizione-R26-001234.pdf",
      "verzendlabel-R26-001234.pdf",
    ]);
    for (const name of names) expect(name).toMatch(/^[\x21-\x7e]+$/);
  });
});
