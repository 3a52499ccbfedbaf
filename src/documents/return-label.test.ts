import { toBuffer } from "bwip-js/node";
import sharp from "sharp";
import { extractText, getDocumentProxy, getMeta, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { INTL_TAG, LOCALES } from "../domain/i18n/locales.ts";
import { DELIVERY_NOTE_TEXTS } from "./delivery-note.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";
import { renderReturnLabelPdf, returnLabelFileName, type ReturnLabelInput } from "./return-label.ts";
import { RETURN_LABEL_TEXTS } from "./return-label-texts.ts";
import { SHIPPING_LABEL_TEXTS } from "./shipping-label-texts.ts";

const withdrawal: ReturnLabelInput = {
  locale: "de",
  returnNumber: "RT-001234",
  orderNumber: "R26-001000",
  kind: "withdrawal",
  sender: ["Jörg Łukasiewicz", "Hauptstraße 5", "80331 München", "Deutschland"],
  recipient: ["Reloop GmbH – Retouren", "Am Borsigturm 42", "13507 Berlin", "Deutschland"],
  items: [
    { name: "iPhone 13 Pro, 128 GB, Graphit", grade: "A1", identifier: "35 693803 564380 9" },
    { name: "USB-C Ladekabel 1 m", grade: "NEW", identifier: null },
  ],
  createdAt: new Date("2026-03-14T10:30:00Z"),
  sendBy: new Date("2026-03-28T22:59:59.999Z"),
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

/** The bars and spaces across the middle of a barcode picture, in modules; the same symbol gives the same string at any scale. */
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

describe("renderReturnLabelPdf", () => {
  it("renders one A4 page, the same bytes for the same input", async () => {
    const pdf = await renderReturnLabelPdf(withdrawal);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await renderReturnLabelPdf(withdrawal)).equals(pdf)).toBe(true);
    const proxy = await getDocumentProxy(new Uint8Array(pdf));
    expect(proxy.numPages).toBe(1);
    const [x0, y0, x1, y1] = (await proxy.getPage(1)).view;
    expect([Math.round(((x1! - x0!) / 72) * 25.4), Math.round(((y1! - y0!) / 72) * 25.4)]).toEqual([210, 297]);
  });

  it("encodes the return number in a Code 128 barcode, the one image on the page", async () => {
    const images = await pageImages(await renderReturnLabelPdf(withdrawal));
    expect(images).toHaveLength(1);
    const drawn = modules(images[0]!);
    expect(drawn).toBe(await code128Modules("RT-001234"));
    expect(drawn).not.toBe(await code128Modules("R26-001000"));
  });

  it("holds the return and order numbers, both addresses, the last day to send, packing steps and the items in German", async () => {
    const text = await pdfTextContent(await renderReturnLabelPdf(withdrawal));
    expect(text).toContain("Widerruf");
    expect(text).toContain("Rücksendenummer");
    expect(text).toContain("RT-001234");
    expect(text).toContain("Bestellnummer");
    expect(text).toContain("R26-001000");
    expect(text).toContain("Absender");
    expect(text).toContain("Jörg Lukasiewicz"); // Helvetica has no Ł
    expect(text).toContain("Empfänger");
    expect(text).toContain("Reloop GmbH – Retouren");
    expect(text).toContain("Am Borsigturm 42");
    expect(text).toContain("14. März 2026");
    expect(text).toContain("Einsenden bis");
    expect(text).toContain("28. März 2026");
    expect(text).toContain("bis spätestens zum 28. März 2026 auf");
    expect(text).toContain("Hier abschneiden");
    expect(text).toContain("Diese Hälfte bitte mit in das Paket legen");
    expect(text).toContain("„Mein iPhone suchen“");
    expect(text).toContain("Ladekabel und Netzteil");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit");
    expect(text).toContain("Sehr gut");
    expect(text).toContain("356938035643809");
    expect(text).toContain("USB-C Ladekabel 1 m");
    expect(text).toContain("Neu");
  });

  it("writes a voluntary return in English", async () => {
    const text = await pdfTextContent(await renderReturnLabelPdf({ ...withdrawal, locale: "en", kind: "voluntary" }));
    expect(text).toContain("Voluntary return");
    expect(text).toContain("Return number");
    expect(text).toContain("RT-001234");
    expect(text).toContain("Order number");
    expect(text).toContain("R26-001000");
    expect(text).toContain("Send by");
    expect(text).toContain("28 March 2026");
    expect(text).toContain("send the parcel by 28 March 2026");
    expect(text).toContain("Find My iPhone");
    expect(text).toContain("iPhone 13 Pro, 128 GB, Graphit");
    expect(text).toContain("Very good");
    expect(text).toContain("Put this half into the parcel");
  });

  it("gives a warranty claim no last day and asks for the device alone", async () => {
    const text = await pdfTextContent(await renderReturnLabelPdf({ ...withdrawal, kind: "warranty", sendBy: null, items: withdrawal.items.slice(0, 1) }));
    expect(text).toContain("Garantiefall");
    expect(text).not.toContain("Einsenden bis");
    expect(text).toContain("möglichst bald auf");
    expect(text).toContain("Schick uns nur das Gerät");
    expect(text).not.toContain("Ladekabel und Netzteil");
  });

  it("writes dates the way each language does", async () => {
    const firstOfApril = new Date("2026-04-01T10:00:00Z");
    const eighth = new Date("2026-04-08T10:00:00Z");
    expect(await pdfTextContent(await renderReturnLabelPdf({ ...withdrawal, locale: "fr", sendBy: firstOfApril }))).toContain("au plus tard le 1er avril 2026");
    expect(await pdfTextContent(await renderReturnLabelPdf({ ...withdrawal, locale: "it", sendBy: eighth }))).toContain("entro l'8 aprile 2026");
    expect(await pdfTextContent(await renderReturnLabelPdf({ ...withdrawal, locale: "es" }))).toContain("a más tardar el 28 de marzo de 2026");
  });

  it.each(LOCALES)("writes the %s texts and title", async (locale) => {
    const pdf = await renderReturnLabelPdf({ ...withdrawal, locale });
    const text = await pdfTextContent(pdf);
    const t = RETURN_LABEL_TEXTS[locale];
    expect(text).toContain(t.kinds.withdrawal);
    expect(text).toContain(t.returnNumber);
    expect(text).toContain(t.sendBy);
    expect(text).toContain(t.howToPack);
    expect(text).toContain(SHIPPING_LABEL_TEXTS[locale].from);
    expect(text).toContain(INVOICE_TEXTS[locale].orderNumber);
    expect(text).toContain(INVOICE_TEXTS[locale].grades.A1);
    expect(text).toContain(DELIVERY_NOTE_TEXTS[locale].columnIdentifier);
    const { info } = await getMeta(new Uint8Array(pdf));
    expect(info).toMatchObject({ Title: `${t.title} RT-001234`, Language: INTL_TAG[locale] });
  });

  it("names each kind of return differently in every language", () => {
    for (const locale of LOCALES) expect(new Set(Object.values(RETURN_LABEL_TEXTS[locale].kinds)).size).toBe(3);
  });

  it("fits a long list on the page and says how many items it leaves out", async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ name: `Item ${i + 1}`, grade: "A2" as const, identifier: `SN${i + 1}` }));
    const pdf = await renderReturnLabelPdf({ ...withdrawal, locale: "en", items });
    expect((await getDocumentProxy(new Uint8Array(pdf))).numPages).toBe(1);
    const text = await pdfTextContent(pdf);
    expect(text).toContain("Item 1 ");
    expect(text).toMatch(/… and \d+ more items/);
  });

  it("refuses a return number a barcode cannot hold", async () => {
    await expect(renderReturnLabelPdf({ ...withdrawal, returnNumber: "RÜ-1" })).rejects.toThrow(RangeError);
  });
});

describe("returnLabelFileName", () => {
  it("names the file in each language, in plain ASCII", () => {
    const names = LOCALES.map((locale) => returnLabelFileName("RT-001234", locale));
    expect(names).toEqual([
      "Ruecksendeetikett-RT-001234.pdf",
      "return-label-RT-001234.pdf",
      "etiqueta-de-devolucion-RT-001234.pdf",
      "etiquette-retour-RT-001234.pdf",
      "etichetta-reso-RT-001234.pdf",
      "retourlabel-RT-001234.pdf",
    ]);
    for (const name of names) expect(name).toMatch(/^[\x21-\x7e]+$/);
  });
});
