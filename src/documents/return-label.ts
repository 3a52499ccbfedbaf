import { toBuffer } from "bwip-js/node";
import type { Grade } from "../domain/catalogue/grades.ts";
import { formatDate, shopDayOfMonth } from "../domain/dates.ts";
import type { Locale } from "../domain/i18n/locales.ts";
import { deliveryNoteTexts } from "./delivery-note.ts";
import { invoiceTexts, type InvoiceTexts } from "./invoice-texts.ts";
import { drawCutLine, drawText, pdfText, renderPdf, type LabelTextOptions } from "./pdf.ts";
import { returnLabelTexts, type LabelDate, type ReturnLabelKind, type ReturnLabelTexts } from "./return-label-texts.ts";
import { shippingLabelTexts, type ShippingLabelTexts } from "./shipping-label-texts.ts";

export type { ReturnLabelKind } from "./return-label-texts.ts";

export interface ReturnLabelItem {
  name: string;
  grade: Grade;
  /** The unit's IMEI or serial number, when it has one. */
  identifier: string | null;
}

export interface ReturnLabelInput {
  locale: Locale;
  /** "RT-001234": printed large and encoded in the Code 128 barcode that is scanned when the parcel arrives. */
  returnNumber: string;
  /** "R26-001000" */
  orderNumber: string;
  kind: ReturnLabelKind;
  /** The customer's address lines. */
  sender: string[];
  /** The shop's returns address lines. */
  recipient: string[];
  /** The list on the packing slip. */
  items: ReturnLabelItem[];
  createdAt: Date;
  /** The last day to hand the parcel to the carrier; null for warranty claims, which have none. */
  sendBy: Date | null;
}

/**
 * The return label as one A4 page in the customer's language. The top half is the label for the outside of the
 * parcel, with the return number as a barcode; the bottom half, below a cut line, goes into the parcel: how to pack
 * and what the parcel holds. The same input gives the same bytes.
 */
export async function renderReturnLabelPdf(input: ReturnLabelInput): Promise<Buffer> {
  // Code 128 encodes ASCII only.
  if (!/^[\x21-\x7e]+$/.test(input.returnNumber)) throw new RangeError(`Return label: "${input.returnNumber}" cannot go into a barcode`);
  const barcode = await toBuffer({
    bcid: "code128",
    text: input.returnNumber,
    scale: 3,
    height: 14,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
    backgroundcolor: "FFFFFF",
  });
  const t = returnLabelTexts(input.locale);
  return renderPdf(
    // Everything is placed by hand; without margins pdfkit never starts a page of its own.
    { locale: input.locale, title: `${t.title} ${input.returnNumber}`, author: "Reloop", date: input.createdAt, page: { margin: 0, autoFirstPage: false } },
    (doc) => {
      doc.addPage();
      new ReturnLabelPage(doc, input, barcode).draw();
    },
  );
}

/** "Ruecksendeetikett-RT-001234.pdf", "return-label-RT-001234.pdf". */
export function returnLabelFileName(returnNumber: string, locale: Locale): string {
  return `${returnLabelTexts(locale).fileName}-${returnNumber}.pdf`;
}

/** French and Italian write the first of the month as an ordinal: "1er mars", "1º marzo". */
const FIRST_OF_MONTH: Partial<Record<Locale, string>> = { fr: "1er", it: "1º" };

/** A date in the shop's time zone, written out as a sentence uses it. */
function labelDate(date: Date, locale: Locale): LabelDate {
  const day = shopDayOfMonth(date);
  const ordinal = day === 1 ? FIRST_OF_MONTH[locale] : undefined;
  const long = formatDate(date, locale, "long");
  return { text: ordinal ? long.replace(/^1(?=\D)/, ordinal) : long, day };
}

/** The date kept on one line inside a sentence. */
function unbroken(date: LabelDate): LabelDate {
  return { ...date, text: date.text.replace(/ /g, "\u00a0") };
}

const MARGIN = 40;
const MUTED = "#555555";
const RULE = "#999999";
const TEXT = "#111111";
const BARCODE_BOX = { width: 250, height: 64 };
/** Sizes for the kind of return in the label's head, largest first: a long name gets smaller letters. */
const KIND_SIZES = [24, 22, 20, 18, 16];

/** Packing-list columns as offsets from the left margin. */
const COLUMNS = {
  item: { x: 0, width: 270 },
  condition: { x: 280, width: 95 },
  identifier: { x: 385, width: 130 },
};


class ReturnLabelPage {
  private readonly left = MARGIN;
  private readonly width: number;
  private readonly half: number;
  private readonly t: ReturnLabelTexts;
  private readonly label: ShippingLabelTexts;
  private readonly invoice: InvoiceTexts;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: ReturnLabelInput,
    private readonly barcode: Buffer,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
    this.half = doc.page.height / 2;
    this.t = returnLabelTexts(input.locale);
    this.label = shippingLabelTexts(input.locale);
    this.invoice = invoiceTexts(input.locale);
  }

  draw(): void {
    this.labelHalf();
    drawCutLine(this.doc, this.half, this.label.cutHere);
    this.packingSlip();
  }

  private text(value: string, x: number, y: number, options: LabelTextOptions = {}): void {
    drawText(this.doc, value, x, y, options);
  }

  private height(value: string, width: number, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).heightOfString(pdfText(value), { width });
  }

  private textWidth(value: string, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).widthOfString(pdfText(value));
  }

  /** One line, shortened with an ellipsis when it is wider than the column. */
  private fitted(value: string, width: number, font: string, size: number): string {
    const full = pdfText(value);
    if (this.textWidth(full, font, size) <= width) return full;
    const chars = Array.from(full);
    while (chars.length > 0 && this.textWidth(`${chars.join("").trimEnd()}…`, font, size) > width) chars.pop();
    return `${chars.join("").trimEnd()}…`;
  }

  /** Lines under a heading, the first in bold; returns where the block ends. */
  private addressBlock(heading: string, lines: string[], x: number, y: number, width: number, size: number): number {
    this.text(heading, x, y, { font: "Helvetica-Bold", size: 9, color: MUTED, width });
    let lineY = y + 15;
    lines.forEach((line, index) => {
      const font = index === 0 ? "Helvetica-Bold" : "Helvetica";
      this.text(line, x, lineY, { font, size, width });
      lineY += this.height(line, width, font, size) + (size > 10 ? 2 : 1);
    });
    return lineY;
  }

  private date(date: Date): string {
    return labelDate(date, this.input.locale).text;
  }

  /** The top half: goes on the outside of the parcel. */
  private labelHalf(): void {
    const { input, t, left, width } = this;
    const top = MARGIN - 10;
    this.doc.roundedRect(left - 12, top, width + 24, this.half - top - 30, 6).lineWidth(1.2).strokeColor(TEXT).stroke();

    // The kind of return large on the left, the return number beside it.
    const y = top + 14;
    const kind = t.kinds[input.kind];
    const numberWidth = 190;
    const kindWidth = width - numberWidth - 10;
    const kindSize = KIND_SIZES.find((size) => this.textWidth(kind, "Helvetica-Bold", size) <= kindWidth) ?? KIND_SIZES[KIND_SIZES.length - 1]!;
    this.text(this.fitted(kind, kindWidth, "Helvetica-Bold", kindSize), left, y + (24 - kindSize) / 2, { font: "Helvetica-Bold", size: kindSize, width: kindWidth, lineBreak: false });
    this.text(input.returnNumber, left + width - numberWidth, y + 2, { font: "Helvetica-Bold", size: 16, width: numberWidth, align: "right", lineBreak: false });
    this.text(t.stickOn, left, y + 30, { size: 8, color: MUTED, width });
    this.doc.moveTo(left, y + 46).lineTo(left + width, y + 46).lineWidth(0.8).strokeColor(RULE).stroke();

    const addressY = y + 58;
    const fromWidth = 200;
    const toX = left + fromWidth + 30;
    const fromEnd = this.addressBlock(this.label.from, input.sender, left, addressY, fromWidth, 9);
    const toEnd = this.addressBlock(this.label.to, input.recipient, toX, addressY, left + width - toX, 14);

    const barcodeY = Math.max(fromEnd, toEnd) + 18;
    this.doc.image(this.barcode, left, barcodeY, { fit: [BARCODE_BOX.width, BARCODE_BOX.height], valign: "bottom" });
    this.text(input.returnNumber, left, barcodeY + BARCODE_BOX.height + 5, {
      font: "Helvetica-Bold",
      size: 13,
      width: BARCODE_BOX.width,
      align: "center",
      characterSpacing: 1,
      lineBreak: false,
    });

    const factsX = left + BARCODE_BOX.width + 30;
    const factsWidth = left + width - factsX;
    const facts: [string, string][] = [
      [t.returnNumber, input.returnNumber],
      [this.invoice.orderNumber, input.orderNumber],
      [this.label.date, this.date(input.createdAt)],
    ];
    if (input.sendBy) facts.push([t.sendBy, this.date(input.sendBy)]);
    let factY = barcodeY - 4;
    for (const [label, value] of facts) {
      this.text(label, factsX, factY, { size: 8, color: MUTED, width: factsWidth, lineBreak: false });
      this.text(value, factsX, factY + 10, { font: "Helvetica-Bold", size: 11, width: factsWidth, lineBreak: false });
      factY += 24;
    }
  }



  /** The bottom half: goes into the parcel. */
  private packingSlip(): void {
    const { input, t, left, width } = this;
    let y = this.half + 26;
    const title = this.fitted(`${this.label.packingSlip} · ${t.kinds[input.kind]}`, 330, "Helvetica-Bold", 15);
    this.text(title, left, y, { font: "Helvetica-Bold", size: 15, width: 330, lineBreak: false });
    this.text(input.returnNumber, left + 330, y + 2, { font: "Helvetica-Bold", size: 12, width: width - 330, align: "right", lineBreak: false });
    y += 22;
    this.text(t.putInParcel, left, y, { font: "Helvetica-Bold", size: 10, width });
    y += this.height(t.putInParcel, width, "Helvetica-Bold", 10) + 2;
    this.text(t.packingNote, left, y, { size: 8, color: MUTED, width });
    y += this.height(t.packingNote, width, "Helvetica", 8) + 8;

    const meta: [string, string][] = [
      [t.returnNumber, input.returnNumber],
      [this.invoice.orderNumber, input.orderNumber],
      [this.label.from, input.sender[0] ?? ""],
    ];
    for (const [label, value] of meta) {
      this.text(label, left, y, { size: 9, color: MUTED, width: 120 });
      this.text(value, left + 120, y, { font: "Helvetica-Bold", size: 9, width: width - 120, lineBreak: false });
      y += 12;
    }
    y += 8;
    y = this.steps(y);
    this.itemTable(y + 10);
  }

  /** The packing steps, numbered; returns where they end. */
  private steps(top: number): number {
    const { input, t, left, width } = this;
    this.text(t.howToPack, left, top, { font: "Helvetica-Bold", size: 10, width });
    let y = top + 15;
    const { steps } = t;
    const list = [
      steps.wipe,
      steps.cards,
      input.kind === "warranty" ? steps.accessoriesWarranty : steps.accessoriesReturn,
      steps.padding,
      steps.handOver(input.sendBy ? unbroken(labelDate(input.sendBy, input.locale)) : null),
    ];
    const indent = 14;
    list.forEach((step, index) => {
      this.text(`${index + 1}.`, left, y, { font: "Helvetica-Bold", size: 8.5, width: indent, lineBreak: false });
      this.text(step, left + indent, y, { size: 8.5, width: width - indent });
      y += this.height(step, width - indent, "Helvetica", 8.5) + 3;
    });
    return y;
  }

  private itemTable(top: number): void {
    const { input, left, width } = this;
    const heads: [keyof typeof COLUMNS, string][] = [
      ["item", this.invoice.columnItem],
      ["condition", this.invoice.condition],
      ["identifier", deliveryNoteTexts(input.locale).columnIdentifier],
    ];
    for (const [key, head] of heads) {
      const { x, width: columnWidth } = COLUMNS[key];
      this.text(this.fitted(head, columnWidth, "Helvetica-Bold", 9), left + x, top, { font: "Helvetica-Bold", size: 9, width: columnWidth, lineBreak: false });
    }
    let y = top + 13;
    this.doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 5;

    // Long lists get tighter rows; what still does not fit is summed up in the last line.
    const room = this.doc.page.height - MARGIN + 10 - y;
    const size = Math.floor(room / 13) >= input.items.length ? 9 : 7.5;
    const rowHeight = size === 9 ? 13 : 10.5;
    const capacity = Math.max(1, Math.floor(room / rowHeight));
    const shown = input.items.length > capacity ? input.items.slice(0, capacity - 1) : input.items;
    for (const item of shown) {
      const row: [keyof typeof COLUMNS, string][] = [
        ["item", item.name],
        ["condition", this.invoice.grades[item.grade]],
        ["identifier", item.identifier ? item.identifier.replace(/\s+/g, "").toUpperCase() : "–"],
      ];
      for (const [key, value] of row) {
        const { x, width: columnWidth } = COLUMNS[key];
        this.text(this.fitted(value, columnWidth, "Helvetica", size), left + x, y, { size, width: columnWidth, lineBreak: false });
      }
      y += rowHeight;
    }
    if (shown.length < input.items.length) {
      this.text(this.label.more(input.items.length - shown.length), left, y, { size, color: MUTED, width: COLUMNS.item.width, lineBreak: false });
    }
  }
}
