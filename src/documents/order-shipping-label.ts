import { toBuffer } from "bwip-js/node";
import { normalizeTrackingNumber, SHIPPING_CARRIER_NAMES, type ShippingCarrier } from "../domain/checkout/carriers.ts";
import { formatDate } from "../domain/dates.ts";
import type { Locale, Translated } from "../domain/i18n/locales.ts";
import { invoiceTexts, type InvoiceTexts } from "./invoice-texts.ts";
import { pdfText, renderPdf } from "./pdf.ts";
import { shippingLabelTexts, type ShippingLabelTexts } from "./shipping-label-texts.ts";

export interface OrderShippingLabelInput {
  locale: Locale;
  /** "R26-001234" */
  orderNumber: string;
  carrier: ShippingCarrier;
  /** The carrier's number for the parcel; null while the carrier has not given one. */
  trackingNumber: string | null;
  /** The shop's dispatch address lines, the company first. */
  sender: string[];
  /** The delivery address lines, as on an envelope. */
  recipient: string[];
  createdAt: Date;
}

/** The fixed texts of an order's shipping label that the sale's label and the invoice do not have already. */
export interface OrderShippingLabelTexts {
  trackingNumber: string;
}

export const ORDER_SHIPPING_LABEL_TEXTS: Translated<OrderShippingLabelTexts> = {
  de: { trackingNumber: "Sendungsnummer" },
  en: { trackingNumber: "Tracking number" },
  es: { trackingNumber: "Número de seguimiento" },
  fr: { trackingNumber: "Numéro de suivi" },
  it: { trackingNumber: "Numero di tracking" },
  nl: { trackingNumber: "Trackingnummer" },
};

/** What the label's barcode encodes: the tracking number without spaces, or the order number while there is none. */
export function orderShippingLabelBarcodeText(input: Pick<OrderShippingLabelInput, "orderNumber" | "trackingNumber">): string {
  const tracking = input.trackingNumber === null ? "" : normalizeTrackingNumber(input.trackingNumber);
  return tracking === "" ? input.orderNumber : tracking;
}

/** The Code 128 barcode as a PNG, black bars on white. */
export function orderShippingLabelBarcode(text: string): Promise<Buffer> {
  return toBuffer({ bcid: "code128", text, scale: 3, height: 18, includetext: false, paddingwidth: 0, paddingheight: 0, backgroundcolor: "FFFFFF" });
}

/**
 * The shipping label of an order's parcel as an A6 PDF: the shop as sender, the delivery address, the carrier,
 * the order number and a Code 128 barcode of the tracking number (of the order number while there is none).
 * The same input gives the same bytes.
 */
export async function renderOrderShippingLabelPdf(input: OrderShippingLabelInput): Promise<Buffer> {
  const code = orderShippingLabelBarcodeText(input);
  // Code 128 encodes ASCII only.
  if (!/^[\x21-\x7e]+$/.test(code)) throw new RangeError(`Shipping label ${input.orderNumber}: "${code}" cannot go into a barcode`);
  const barcode = await orderShippingLabelBarcode(code);
  const title = `${shippingLabelTexts(input.locale).title} ${input.orderNumber}`;
  return renderPdf({ locale: input.locale, title, author: "Reloop", date: input.createdAt, page: { margin: 0, autoFirstPage: false } }, (doc) => {
    // Everything is placed by hand; without margins pdfkit never starts a page of its own.
    doc.addPage({ size: "A6", margin: 0 });
    new LabelLayout(doc, input, code, barcode).draw();
  });
}

/** "Versandetikett-R26-001234.pdf", "shipping-label-R26-001234.pdf". */
export function orderShippingLabelFileName(locale: Locale, orderNumber: string): string {
  return `${shippingLabelTexts(locale).fileName}-${orderNumber}.pdf`;
}

const MARGIN = 16;
const MUTED = "#555555";
const RULE = "#999999";
const TEXT = "#111111";
const BARCODE_HEIGHT = 62;
/** Font sizes for the recipient, largest first. */
const RECIPIENT_SIZES = [13, 12, 11, 10, 9, 8];

type TextOptions = PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string };

class LabelLayout {
  private readonly left = MARGIN;
  private readonly width: number;
  private readonly label: ShippingLabelTexts;
  private readonly invoice: InvoiceTexts;
  private readonly own: OrderShippingLabelTexts;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: OrderShippingLabelInput,
    private readonly code: string,
    private readonly barcode: Buffer,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
    this.label = shippingLabelTexts(input.locale);
    this.invoice = invoiceTexts(input.locale);
    this.own = ORDER_SHIPPING_LABEL_TEXTS[input.locale];
  }

  private text(value: string, x: number, y: number, options: TextOptions = {}): void {
    const { font = "Helvetica", size = 9, color = TEXT, ...textOptions } = options;
    this.doc.font(font).fontSize(size).fillColor(color).text(pdfText(value), x, y, textOptions);
  }

  private height(value: string, width: number, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).heightOfString(pdfText(value), { width });
  }

  private rule(y: number, width = 0.8): void {
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(width).strokeColor(RULE).stroke();
  }

  /** The height of lines under a heading, the first in bold. */
  private blockHeight(lines: string[], size: number): number {
    return 10 + lines.reduce((sum, line, index) => sum + this.height(line, this.width, index === 0 ? "Helvetica-Bold" : "Helvetica", size) + 1, 0);
  }

  /** Lines under a heading, the first in bold; returns where the block ends. */
  private block(heading: string, lines: string[], y: number, size: number): number {
    this.text(heading, this.left, y, { font: "Helvetica-Bold", size: 7, color: MUTED, width: this.width });
    let lineY = y + 10;
    lines.forEach((line, index) => {
      const font = index === 0 ? "Helvetica-Bold" : "Helvetica";
      this.text(line, this.left, lineY, { font, size, width: this.width });
      lineY += this.height(line, this.width, font, size) + 1;
    });
    return lineY;
  }

  draw(): void {
    const { doc, input, left, width } = this;
    const pageHeight = doc.page.height;
    doc.rect(left - 8, MARGIN - 8, width + 16, pageHeight - 2 * MARGIN + 16).lineWidth(1.2).strokeColor(TEXT).stroke();

    // The carrier large enough to sort by, the order number beside it.
    const top = MARGIN;
    this.text(SHIPPING_CARRIER_NAMES[input.carrier], left, top, { font: "Helvetica-Bold", size: 24, width: 140, lineBreak: false });
    const metaX = left + 140;
    const metaWidth = width - 140;
    this.text(this.invoice.orderNumber, metaX, top + 1, { size: 7, color: MUTED, width: metaWidth, align: "right" });
    this.text(input.orderNumber, metaX, top + 10, { font: "Helvetica-Bold", size: 11, width: metaWidth, align: "right", lineBreak: false });
    this.text(`${this.label.date} ${formatDate(input.createdAt, input.locale, "medium")}`, metaX, top + 24, { size: 7, color: MUTED, width: metaWidth, align: "right" });
    this.rule(top + 36);

    // The barcode sits at the foot of the label, where a scanner finds it below the address whatever its length.
    const captionY = pageHeight - MARGIN - 14;
    const barcodeY = captionY - 4 - BARCODE_HEIGHT;
    const headingY = barcodeY - 13;

    const senderEnd = this.block(this.label.from, input.sender, top + 44, 7.5);
    this.rule(senderEnd + 5);
    // The recipient as large as the room above the barcode allows: a long address gets smaller letters, never cut off.
    const recipientY = senderEnd + 13;
    const room = headingY - 8 - recipientY;
    const size = RECIPIENT_SIZES.find((candidate) => this.blockHeight(input.recipient, candidate) <= room) ?? RECIPIENT_SIZES[RECIPIENT_SIZES.length - 1]!;
    this.block(this.label.to, input.recipient, recipientY, size);
    this.rule(headingY - 6);
    const heading = input.trackingNumber === null || normalizeTrackingNumber(input.trackingNumber) === "" ? this.invoice.orderNumber : this.own.trackingNumber;
    this.text(heading, left, headingY, { font: "Helvetica-Bold", size: 7, color: MUTED, width });
    doc.image(this.barcode, left, barcodeY, { fit: [width, BARCODE_HEIGHT], align: "center", valign: "center" });
    this.text(this.code, left, captionY, { font: "Helvetica-Bold", size: 10, width, align: "center", characterSpacing: 1, lineBreak: false });
  }
}
