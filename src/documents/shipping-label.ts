import { toBuffer } from "bwip-js/node";
import type { Locale } from "../domain/i18n/locales.ts";
import { formatMoney } from "../domain/money.ts";
import type { SellGrade } from "../domain/selling/grading.ts";
import { CARRIER_NAMES, MAX_PARCELS, type Carrier } from "../domain/selling/sell-cart-rules.ts";
import { formatDate } from "../domain/dates.ts";
import { drawCutLine, drawText, pdfText, renderPdf, type LabelTextOptions } from "./pdf.ts";
import { SELL_GRADE_NAMES, shippingLabelTexts, type ShippingLabelTexts } from "./shipping-label-texts.ts";

export interface ShippingLabelItem {
  name: string;
  grade: SellGrade;
  priceCents: number;
}

export interface ShippingLabelInput {
  locale: Locale;
  /** "S-0001000" */
  saleNumber: string;
  carrier: Carrier;
  /** One A4 page per parcel, 1 to MAX_PARCELS. */
  parcels: number;
  /** The seller's address lines. */
  sender: string[];
  /** The shop's receiving address lines. */
  recipient: string[];
  insuredValueCents: number;
  createdAt: Date;
  /** The packing list on every page: the shop cannot know which item travels in which parcel. */
  items: ShippingLabelItem[];
}


/** What the barcode on a parcel's label encodes: the sale number and the parcel, "S-0001000-2". */
export function parcelCode(saleNumber: string, parcel: number): string {
  return `${saleNumber}-${parcel}`;
}

/**
 * The shipping labels of a sale as an A4 PDF, one page per parcel. The top half of a page is the label
 * for the outside of the parcel, with the parcel's barcode; the bottom half, below a cut line, is a
 * packing slip for the inside. The same input gives the same bytes.
 */
export async function renderShippingLabelPdf(input: ShippingLabelInput): Promise<Buffer> {
  checkInput(input);
  const barcodes: Buffer[] = [];
  for (let parcel = 1; parcel <= input.parcels; parcel++) {
    barcodes.push(
      await toBuffer({ bcid: "code128", text: parcelCode(input.saleNumber, parcel), scale: 3, height: 14, includetext: false, paddingwidth: 0, paddingheight: 0 }),
    );
  }
  const texts = shippingLabelTexts(input.locale);
  return renderPdf(
    // Everything is placed by hand; without margins pdfkit never starts a page of its own.
    { locale: input.locale, title: `${texts.title} ${input.saleNumber}`, author: "Reloop", date: input.createdAt, page: { margin: 0, autoFirstPage: false } },
    (doc) =>
      barcodes.forEach((barcode, index) => {
        doc.addPage();
        new LabelPage(doc, input, texts, index + 1, barcode).draw();
      }),
  );
}

/** "Versandetikett-S-0001000.pdf", "shipping-label-S-0001000.pdf". */
export function shippingLabelFileName(locale: Locale, saleNumber: string): string {
  return `${shippingLabelTexts(locale).fileName}-${saleNumber}.pdf`;
}

function checkInput(input: ShippingLabelInput): void {
  const { saleNumber, parcels } = input;
  if (!Number.isInteger(parcels) || parcels < 1 || parcels > MAX_PARCELS) {
    throw new RangeError(`Shipping label ${saleNumber}: ${parcels} parcels, a sale ships in 1 to ${MAX_PARCELS}`);
  }
  // Code 128 encodes ASCII only.
  if (!/^[\x21-\x7e]+$/.test(saleNumber)) throw new RangeError(`Shipping label: "${saleNumber}" cannot go into a barcode`);
  const amounts = [input.insuredValueCents, ...input.items.map((item) => item.priceCents)];
  if (!amounts.every(Number.isSafeInteger)) throw new RangeError(`Shipping label ${saleNumber}: amounts must be whole cents`);
}

const MARGIN = 40;
const MUTED = "#555555";
const RULE = "#999999";
const TEXT = "#111111";
const BARCODE_BOX = { width: 250, height: 64 };

/** Packing-list columns as offsets from the left margin; the offer is right-aligned. */
const COLUMNS = {
  item: { x: 0, width: 330 },
  condition: { x: 340, width: 95 },
  offer: { x: 440, width: 75 },
};


class LabelPage {
  private readonly left: number;
  private readonly width: number;
  private readonly half: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: ShippingLabelInput,
    private readonly t: ShippingLabelTexts,
    private readonly parcel: number,
    private readonly barcode: Buffer,
  ) {
    this.left = MARGIN;
    this.width = doc.page.width - 2 * MARGIN;
    this.half = doc.page.height / 2;
  }

  draw(): void {
    this.label();
    drawCutLine(this.doc, this.half, this.t.cutHere);
    this.packingSlip();
  }

  private text(value: string, x: number, y: number, options: LabelTextOptions = {}): void {
    drawText(this.doc, value, x, y, options);
  }

  private height(value: string, width: number, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).heightOfString(pdfText(value), { width });
  }

  /** Lines under a heading; returns where the block ends. */
  private addressBlock(heading: string, lines: string[], x: number, y: number, width: number, size: number): number {
    this.text(heading, x, y, { font: "Helvetica-Bold", size: 8, color: MUTED, width });
    let lineY = y + 13;
    lines.forEach((line, index) => {
      const font = index === 0 ? "Helvetica-Bold" : "Helvetica";
      this.text(line, x, lineY, { font, size, width });
      lineY += this.height(line, width, font, size) + 1;
    });
    return lineY;
  }

  /** One line, shortened with an ellipsis when it is wider than the column. */
  private fitted(value: string, width: number, font: string, size: number): string {
    const full = pdfText(value);
    this.doc.font(font).fontSize(size);
    if (this.doc.widthOfString(full) <= width) return full;
    const chars = Array.from(full);
    while (chars.length > 0 && this.doc.widthOfString(`${chars.join("").trimEnd()}…`) > width) chars.pop();
    return `${chars.join("").trimEnd()}…`;
  }

  private money(cents: number): string {
    return formatMoney(cents, this.input.locale);
  }

  /** The top half: goes on the outside of the parcel. */
  private label(): void {
    const { input, t, left, width } = this;
    const top = MARGIN - 10;
    const parcelText = t.parcel(this.parcel, input.parcels);
    this.doc.roundedRect(left - 12, top, width + 24, this.half - top - 30, 6).lineWidth(1.2).strokeColor(TEXT).stroke();

    const y = top + 14;
    this.text(CARRIER_NAMES[input.carrier], left, y, { font: "Helvetica-Bold", size: 30, width: 260, lineBreak: false });
    this.text(parcelText, left + 260, y + 2, { font: "Helvetica-Bold", size: 16, width: width - 260, align: "right" });
    this.text(t.stickOn, left + 260, y + 24, { size: 8, color: MUTED, width: width - 260, align: "right" });
    this.doc.moveTo(left, y + 48).lineTo(left + width, y + 48).lineWidth(0.8).strokeColor(RULE).stroke();

    const addressY = y + 62;
    const fromWidth = 200;
    const toX = left + fromWidth + 30;
    const fromEnd = this.addressBlock(t.from, input.sender, left, addressY, fromWidth, 9);
    this.text(t.to, toX, addressY, { font: "Helvetica-Bold", size: 9, color: MUTED, width: left + width - toX });
    let toY = addressY + 15;
    input.recipient.forEach((line, index) => {
      const font = index === 0 ? "Helvetica-Bold" : "Helvetica";
      this.text(line, toX, toY, { font, size: 14, width: left + width - toX });
      toY += this.height(line, left + width - toX, font, 14) + 2;
    });

    const barcodeY = Math.max(fromEnd, toY) + 22;
    this.doc.image(this.barcode, left, barcodeY, { fit: [BARCODE_BOX.width, BARCODE_BOX.height], valign: "bottom" });
    this.text(parcelCode(input.saleNumber, this.parcel), left, barcodeY + BARCODE_BOX.height + 5, {
      font: "Helvetica-Bold",
      size: 13,
      width: BARCODE_BOX.width,
      align: "center",
      characterSpacing: 1,
    });

    const factsX = left + BARCODE_BOX.width + 30;
    const factsWidth = left + width - factsX;
    const facts: [string, string][] = [
      [t.saleNumber, input.saleNumber],
      [t.insuredValue, this.money(input.insuredValueCents)],
      [t.date, formatDate(input.createdAt, input.locale)],
    ];
    let factY = barcodeY + 4;
    for (const [label, value] of facts) {
      this.text(label, factsX, factY, { size: 8, color: MUTED, width: factsWidth });
      this.text(value, factsX, factY + 10, { font: "Helvetica-Bold", size: 11, width: factsWidth });
      factY += 28;
    }
  }



  /** The bottom half: goes into the parcel. */
  private packingSlip(): void {
    const { input, t, left, width } = this;
    let y = this.half + 28;
    this.text(t.packingSlip, left, y, { font: "Helvetica-Bold", size: 16, width: 300, lineBreak: false });
    this.text(t.parcel(this.parcel, input.parcels), left + 300, y + 3, { font: "Helvetica-Bold", size: 11, width: width - 300, align: "right" });
    y += 24;
    this.text(t.putInParcel, left, y, { font: "Helvetica-Bold", size: 10, width });
    y += this.height(t.putInParcel, width, "Helvetica-Bold", 10) + 3;
    this.text(t.packingNote, left, y, { size: 8, color: MUTED, width });
    y += this.height(t.packingNote, width, "Helvetica", 8) + 10;

    const meta: [string, string][] = [
      [t.saleNumber, input.saleNumber],
      [t.from, input.sender[0] ?? ""],
    ];
    for (const [label, value] of meta) {
      this.text(label, left, y, { size: 9, color: MUTED, width: 110 });
      this.text(value, left + 110, y, { font: "Helvetica-Bold", size: 9, width: width - 110 });
      y += 13;
    }
    y += 10;
    this.itemTable(y);
  }

  private itemTable(top: number): void {
    const { input, t, left, width } = this;
    const heads: [keyof typeof COLUMNS, string][] = [
      ["item", t.columnItem],
      ["condition", t.columnCondition],
      ["offer", t.columnOffer],
    ];
    for (const [key, head] of heads) {
      const { x, width: columnWidth } = COLUMNS[key];
      this.text(head, left + x, top, { font: "Helvetica-Bold", size: 9, width: columnWidth, align: key === "offer" ? "right" : "left", lineBreak: false });
    }
    let y = top + 13;
    this.doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 5;

    // Long lists get tighter rows; what still does not fit is summed up in the last line.
    const totalHeight = 24;
    const room = this.doc.page.height - MARGIN - totalHeight - y;
    const size = Math.floor(room / 13) >= input.items.length ? 9 : 7.5;
    const rowHeight = size === 9 ? 13 : 10.5;
    const capacity = Math.max(1, Math.floor(room / rowHeight));
    const shown = input.items.length > capacity ? input.items.slice(0, capacity - 1) : input.items;
    const grades = SELL_GRADE_NAMES[input.locale];
    for (const item of shown) {
      const row: [keyof typeof COLUMNS, string][] = [
        ["item", item.name],
        ["condition", grades[item.grade]],
        ["offer", this.money(item.priceCents)],
      ];
      for (const [key, value] of row) {
        const { x, width: columnWidth } = COLUMNS[key];
        const line = key === "offer" ? value : this.fitted(value, columnWidth, "Helvetica", size);
        this.text(line, left + x, y, { size, width: columnWidth, align: key === "offer" ? "right" : "left", lineBreak: false });
      }
      y += rowHeight;
    }
    if (shown.length < input.items.length) {
      this.text(t.more(input.items.length - shown.length), left, y, { size, color: MUTED, width: COLUMNS.item.width, lineBreak: false });
      y += rowHeight;
    }

    this.doc.moveTo(left, y + 1).lineTo(left + width, y + 1).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 7;
    const total = input.items.reduce((sum, item) => sum + item.priceCents, 0);
    const { x: offerX, width: offerWidth } = COLUMNS.offer;
    this.text(t.offersTotal, left, y, { font: "Helvetica-Bold", size: 9, width: offerX - 10, align: "right", lineBreak: false });
    this.text(this.money(total), left + offerX, y, { font: "Helvetica-Bold", size: 9, width: offerWidth, align: "right", lineBreak: false });
  }
}
