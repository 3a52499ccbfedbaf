import type { Grade } from "../domain/catalogue/grades.ts";
import type { Locale } from "../domain/i18n/locales.ts";
import { formatMoney } from "../domain/money.ts";
import { invoiceTexts, type InvoiceTexts } from "./invoice-texts.ts";
import { formatDate } from "../domain/dates.ts";
import { pdfText, renderPdf } from "./pdf.ts";

export interface InvoiceLine {
  name: string;
  grade: Grade;
  withFullBattery: boolean;
  priceCents: number;
  discountCents: number;
  /** "margin": used goods under the margin scheme (§25a UStG), no VAT shown; "standard": new goods, 19 % VAT included */
  vatScheme: "margin" | "standard";
}

export interface InvoiceInput {
  locale: Locale;
  orderNumber: string;
  issuedAt: Date;
  seller: { name: string; address: string[]; vatId: string };
  billingAddress: string[];
  deliveryAddress: string[];
  lines: InvoiceLine[];
  shippingCents: number;
  insuranceCents: number;
  couponCode: string | null;
  totalCents: number;
  paymentMethodLabel: string;
}

export interface InvoiceTotals {
  /** Standard-rated lines after discount, plus shipping and insurance; VAT included. */
  standardGrossCents: number;
  standardVatCents: number;
  /** Margin-scheme lines after discount; their VAT is never shown. */
  marginGrossCents: number;
  totalCents: number;
}

export const STANDARD_VAT_PERCENT = 19;

export function invoiceTotals(input: InvoiceInput): InvoiceTotals {
  let standardGrossCents = input.shippingCents + input.insuranceCents;
  let marginGrossCents = 0;
  for (const line of input.lines) {
    const amount = line.priceCents - line.discountCents;
    if (line.vatScheme === "standard") standardGrossCents += amount;
    else marginGrossCents += amount;
  }
  // The divisor 119 is odd, so the quotient is never exactly half a cent: Math.round is unambiguous.
  const standardVatCents = Math.round((standardGrossCents * STANDARD_VAT_PERCENT) / (100 + STANDARD_VAT_PERCENT));
  return { standardGrossCents, standardVatCents, marginGrossCents, totalCents: standardGrossCents + marginGrossCents };
}

/**
 * The invoice as an A4 PDF in the order's language. Rejects when the amounts are not whole cents
 * or the lines, shipping and insurance do not add up to the order's total: such an invoice must not be issued.
 */
export async function renderInvoicePdf(input: InvoiceInput): Promise<Buffer> {
  const totals = invoiceTotals(input);
  checkAmounts(input, totals);
  const texts = invoiceTexts(input.locale);
  return renderPdf(
    { locale: input.locale, title: `${texts.title} ${input.orderNumber}`, author: input.seller.name, date: input.issuedAt, page: { margin: MARGIN, bufferPages: true } },
    (doc) => new InvoiceLayout(doc, input, texts, totals).draw(),
  );
}

function checkAmounts(input: InvoiceInput, totals: InvoiceTotals): void {
  const amounts = [input.shippingCents, input.insuranceCents, input.totalCents, ...input.lines.flatMap((l) => [l.priceCents, l.discountCents])];
  if (!amounts.every(Number.isSafeInteger)) throw new RangeError(`Invoice ${input.orderNumber}: amounts must be whole cents`);
  if (totals.totalCents !== input.totalCents) {
    throw new RangeError(`Invoice ${input.orderNumber}: lines, shipping and insurance add up to ${totals.totalCents}, the order says ${input.totalCents}`);
  }
}

const MARGIN = 50;
const FOOTER_HEIGHT = 30;
const MUTED = "#555555";
const RULE = "#bbbbbb";
const TEXT = "#111111";

/** Table columns as offsets from the left margin; money columns are right-aligned. */
const COLUMNS = {
  item: { x: 0, width: 250 },
  vat: { x: 255, width: 40 },
  price: { x: 300, width: 62 },
  discount: { x: 366, width: 62 },
  amount: { x: 432, width: 63 },
};

class InvoiceLayout {
  private readonly left: number;
  private readonly width: number;
  private readonly bottom: number;
  private y: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: InvoiceInput,
    private readonly t: InvoiceTexts,
    private readonly totals: InvoiceTotals,
  ) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    this.bottom = doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;
    this.y = doc.page.margins.top;
  }

  draw(): void {
    this.header();
    this.addresses();
    this.table();
    this.totalsBlock();
    if (this.input.lines.some((line) => line.vatScheme === "margin")) this.paragraph(this.t.marginNote);
    this.footers();
  }

  private money(cents: number): string {
    return pdfText(formatMoney(cents, this.input.locale));
  }

  private text(value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {}): void {
    const { font = "Helvetica", size = 9, color = TEXT, ...textOptions } = options;
    this.doc.font(font).fontSize(size).fillColor(color).text(pdfText(value), x, y, textOptions);
  }

  private height(value: string, width: number, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).heightOfString(pdfText(value), { width });
  }

  private rule(y: number, from = 0, to = this.width): void {
    this.doc.moveTo(this.left + from, y).lineTo(this.left + to, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  /** Starts a new page when the next block would run into the footer. */
  private ensureRoom(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = this.doc.page.margins.top;
    return true;
  }

  private header(): void {
    const { seller } = this.input;
    const top = this.y;
    const sellerWidth = 260;
    this.text(seller.name, this.left, top, { font: "Helvetica-Bold", size: 14, width: sellerWidth });
    let sellerY = top + this.height(seller.name, sellerWidth, "Helvetica-Bold", 14) + 4;
    for (const line of [...seller.address, `${this.t.vatId} ${seller.vatId}`]) {
      this.text(line, this.left, sellerY, { color: MUTED, width: sellerWidth });
      sellerY += this.height(line, sellerWidth, "Helvetica", 9);
    }

    this.text(this.t.title, this.left, top, { font: "Helvetica-Bold", size: 22, width: this.width, align: "right" });
    const meta: [string, string][] = [
      [this.t.orderNumber, this.input.orderNumber],
      [this.t.date, formatDate(this.input.issuedAt, this.input.locale)],
      [this.t.payment, this.input.paymentMethodLabel],
    ];
    if (this.input.couponCode) meta.push([this.t.coupon, this.input.couponCode]);
    const metaX = this.left + 290;
    const metaWidth = this.width - 290;
    let metaY = top + 34;
    for (const [label, value] of meta) {
      this.text(label, metaX, metaY, { color: MUTED, width: 95 });
      this.text(value, metaX + 95, metaY, { width: metaWidth - 95, align: "right" });
      metaY += Math.max(this.height(label, 95, "Helvetica", 9), this.height(value, metaWidth - 95, "Helvetica", 9)) + 2;
    }
    this.y = Math.max(sellerY, metaY) + 24;
  }

  private addresses(): void {
    const columnWidth = (this.width - 30) / 2;
    const blocks: [string, string[], number][] = [
      [this.t.billingAddress, this.input.billingAddress, this.left],
      [this.t.deliveryAddress, this.input.deliveryAddress, this.left + columnWidth + 30],
    ];
    let end = this.y;
    for (const [heading, lines, x] of blocks) {
      this.text(heading, x, this.y, { font: "Helvetica-Bold", size: 9, color: MUTED, width: columnWidth });
      let y = this.y + 14;
      for (const line of lines) {
        this.text(line, x, y, { size: 10, width: columnWidth });
        y += this.height(line, columnWidth, "Helvetica", 10);
      }
      end = Math.max(end, y);
    }
    this.y = end + 28;
  }

  private tableHeader(): void {
    const heads: [keyof typeof COLUMNS, string][] = [
      ["item", this.t.columnItem],
      ["vat", this.t.columnVat],
      ["price", this.t.columnPrice],
      ["discount", this.t.columnDiscount],
      ["amount", this.t.columnAmount],
    ];
    for (const [key, head] of heads) {
      const { x, width } = COLUMNS[key];
      this.text(head, this.left + x, this.y, { font: "Helvetica-Bold", size: 9, width, align: key === "item" ? "left" : "right" });
    }
    this.y += 14;
    this.rule(this.y);
    this.y += 6;
  }

  private table(): void {
    this.ensureRoom(40);
    this.tableHeader();
    for (const line of this.input.lines) {
      const details = [`${this.t.condition}${this.t.colon}${this.t.grades[line.grade]}`];
      if (line.withFullBattery) details.push(this.t.fullBattery);
      const detail = details.join(" · ");
      const { item } = COLUMNS;
      const nameHeight = this.height(line.name, item.width, "Helvetica-Bold", 10);
      const rowHeight = nameHeight + 2 + this.height(detail, item.width, "Helvetica", 8.5) + 8;
      if (this.ensureRoom(rowHeight)) this.tableHeader();

      this.text(line.name, this.left + item.x, this.y, { font: "Helvetica-Bold", size: 10, width: item.width });
      this.text(detail, this.left + item.x, this.y + nameHeight + 2, { size: 8.5, color: MUTED, width: item.width });
      const cells: [keyof typeof COLUMNS, string][] = [
        ["vat", line.vatScheme === "standard" ? `${STANDARD_VAT_PERCENT} %` : this.t.marginMarker],
        ["price", this.money(line.priceCents)],
        ["discount", line.discountCents === 0 ? "–" : this.money(-line.discountCents)],
        ["amount", this.money(line.priceCents - line.discountCents)],
      ];
      for (const [key, value] of cells) {
        const { x, width } = COLUMNS[key];
        this.text(value, this.left + x, this.y + 1, { size: 9, width, align: "right", lineBreak: false });
      }
      this.y += rowHeight;
      this.rule(this.y - 4);
    }
    this.y += 6;
  }

  private totalsBlock(): void {
    const { shippingCents, insuranceCents } = this.input;
    const { standardGrossCents, standardVatCents, totalCents } = this.totals;
    const rows: { label: string; cents: number; strong?: boolean; muted?: boolean }[] = [{ label: this.t.shipping, cents: shippingCents }];
    if (insuranceCents !== 0) rows.push({ label: this.t.insurance, cents: insuranceCents });
    rows.push({ label: this.t.total, cents: totalCents, strong: true });
    if (standardGrossCents !== 0) {
      rows.push({ label: this.t.netStandard, cents: standardGrossCents - standardVatCents, muted: true });
      rows.push({ label: this.t.vatIncluded, cents: standardVatCents, muted: true });
    }
    this.ensureRoom(rows.length * 16 + 10);

    const labelX = this.left + 200;
    const labelWidth = COLUMNS.amount.x - 200 - 8;
    const { x: amountX, width: amountWidth } = COLUMNS.amount;
    for (const row of rows) {
      const font = row.strong ? "Helvetica-Bold" : "Helvetica";
      const size = row.strong ? 11 : 9;
      const color = row.muted ? MUTED : TEXT;
      if (row.strong) {
        this.rule(this.y - 2, 200);
        this.y += 4;
      }
      this.text(row.label, labelX, this.y, { font, size, color, width: labelWidth, align: "right" });
      this.text(this.money(row.cents), this.left + amountX, this.y, { font, size, color, width: amountWidth, align: "right", lineBreak: false });
      this.y += row.strong ? 20 : 14;
    }
    this.y += 16;
  }

  private paragraph(value: string): void {
    const height = this.height(value, this.width, "Helvetica", 8.5);
    this.ensureRoom(height);
    this.text(value, this.left, this.y, { size: 8.5, color: MUTED, width: this.width });
    this.y += height + 8;
  }

  /** Page numbers go on at the end, when the page count is known. */
  private footers(): void {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      const { margins } = this.doc.page;
      const bottomMargin = margins.bottom;
      // Writing below the bottom margin would otherwise make pdfkit start another page.
      margins.bottom = 0;
      const footer = `${this.input.seller.name} · ${this.input.orderNumber} · ${this.t.page(index - range.start + 1, range.count)}`;
      this.text(footer, this.left, this.doc.page.height - bottomMargin - 10, { size: 8, color: MUTED, width: this.width, align: "center", lineBreak: false });
      margins.bottom = bottomMargin;
    }
  }
}
