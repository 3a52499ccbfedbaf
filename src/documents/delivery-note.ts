import { SHIPPING_CARRIER_NAMES, normalizeTrackingNumber, type ShippingCarrier } from "../domain/checkout/carriers.ts";
import type { Grade } from "../domain/catalogue/grades.ts";
import { formatDate } from "../domain/dates.ts";
import type { Locale, Translated } from "../domain/i18n/locales.ts";
import { invoiceTexts, type InvoiceTexts } from "./invoice-texts.ts";
import { ORDER_SHIPPING_LABEL_TEXTS } from "./order-shipping-label.ts";
import { pdfText, renderPdf } from "./pdf.ts";

/** Days after delivery in which a customer may send an item back. */
export const RETURN_DAYS = 30;
/** Months of warranty on every device, from delivery. */
export const WARRANTY_MONTHS = 12;

export interface DeliveryNoteItem {
  name: string;
  grade: Grade;
  withFullBattery?: boolean;
  /** The unit's IMEI or serial number, when it has one. */
  identifier?: string | null;
}

export interface DeliveryNoteInput {
  locale: Locale;
  orderNumber: string;
  /** The day the parcel leaves. */
  date: Date;
  seller: { name: string; address: string[] };
  deliveryAddress: string[];
  /** One line per unit, as packed. */
  items: DeliveryNoteItem[];
  /** The parcel, once the carrier is known. */
  shipment?: { carrier: ShippingCarrier; trackingNumber: string | null } | null;
}

/** The fixed texts of a delivery note in one language; item, address and page texts come from the invoice's. */
export interface DeliveryNoteTexts {
  title: string;
  /** The start of the file name: ASCII only, so that every mail client and file system keeps it. */
  fileName: string;
  date: string;
  carrier: string;
  columnPosition: string;
  columnIdentifier: string;
  imei: string;
  serialNumber: string;
  /** Under the list: how many units the parcel holds. */
  count: (items: number) => string;
  noPrices: string;
  returnsHeading: string;
  returns: string;
  warranty: string;
}

export const DELIVERY_NOTE_TEXTS: Translated<DeliveryNoteTexts> = {
  de: {
    title: "Lieferschein",
    fileName: "Lieferschein",
    date: "Versanddatum",
    carrier: "Versand mit",
    columnPosition: "Pos.",
    columnIdentifier: "IMEI / Seriennummer",
    imei: "IMEI",
    serialNumber: "Seriennummer",
    count: (n) => `${n} Artikel`,
    noPrices: "Dieser Lieferschein enthält keine Preise. Deine Rechnung haben wir dir per E-Mail geschickt.",
    returnsHeading: "Rückgabe und Garantie",
    returns:
      `Du kannst jeden Artikel innerhalb von ${RETURN_DAYS} Tagen nach Erhalt ohne Angabe von Gründen zurückgeben. ` +
      "Melde die Rückgabe in deinem Kundenkonto oder als Antwort auf deine Versandbestätigung an und leg diesen Lieferschein mit in das Paket.",
    warranty: `Auf jedes Gerät erhältst du ${WARRANTY_MONTHS} Monate Garantie ab Lieferung. Bitte bewahre diesen Lieferschein auf: Die IMEI bzw. Seriennummer darauf weist dein Gerät aus.`,
  },
  en: {
    title: "Delivery note",
    fileName: "delivery-note",
    date: "Dispatch date",
    carrier: "Shipped with",
    columnPosition: "No.",
    columnIdentifier: "IMEI / serial number",
    imei: "IMEI",
    serialNumber: "Serial number",
    count: (n) => (n === 1 ? "1 item" : `${n} items`),
    noPrices: "This delivery note shows no prices. We have sent you your invoice by e-mail.",
    returnsHeading: "Returns and warranty",
    returns:
      `You can return any item within ${RETURN_DAYS} days of receiving it, without giving a reason. ` +
      "Register the return in your account or by replying to your shipping confirmation, and put this delivery note into the parcel.",
    warranty: `Every device comes with a ${WARRANTY_MONTHS}-month warranty from delivery. Please keep this delivery note: the IMEI or serial number on it identifies your device.`,
  },
  es: {
    title: "Albarán",
    fileName: "albaran",
    date: "Fecha de envío",
    carrier: "Enviado con",
    columnPosition: "N.º",
    columnIdentifier: "IMEI / número de serie",
    imei: "IMEI",
    serialNumber: "Número de serie",
    count: (n) => (n === 1 ? "1 artículo" : `${n} artículos`),
    noPrices: "Este albarán no incluye precios. Te hemos enviado la factura por correo electrónico.",
    returnsHeading: "Devoluciones y garantía",
    returns:
      `Puedes devolver cualquier artículo en un plazo de ${RETURN_DAYS} días desde su recepción, sin necesidad de indicar el motivo. ` +
      "Solicita la devolución en tu cuenta o respondiendo al correo de confirmación del envío, e incluye este albarán en el paquete.",
    warranty: `Todos los dispositivos tienen una garantía de ${WARRANTY_MONTHS} meses desde la entrega. Guarda este albarán: el IMEI o el número de serie que figura en él identifica tu dispositivo.`,
  },
  fr: {
    title: "Bon de livraison",
    fileName: "bon-de-livraison",
    date: "Date d'expédition",
    carrier: "Expédié avec",
    columnPosition: "N°",
    columnIdentifier: "IMEI / numéro de série",
    imei: "IMEI",
    serialNumber: "Numéro de série",
    count: (n) => (n === 1 ? "1 article" : `${n} articles`),
    noPrices: "Ce bon de livraison n'indique aucun prix. Nous vous avons envoyé votre facture par e-mail.",
    returnsHeading: "Retours et garantie",
    returns:
      `Vous pouvez retourner tout article dans un délai de ${RETURN_DAYS} jours après sa réception, sans avoir à vous justifier. ` +
      "Signalez le retour dans votre compte client ou en répondant à l'e-mail de confirmation d'expédition, et joignez ce bon de livraison au colis.",
    warranty:
      `Chaque appareil bénéficie d'une garantie de ${WARRANTY_MONTHS} mois à compter de la livraison. ` +
      "Conservez ce bon de livraison\u00a0: le numéro IMEI ou de série qui y figure identifie votre appareil.",
  },
  it: {
    title: "Documento di trasporto",
    fileName: "documento-di-trasporto",
    date: "Data di spedizione",
    carrier: "Spedito con",
    columnPosition: "N.",
    columnIdentifier: "IMEI / numero di serie",
    imei: "IMEI",
    serialNumber: "Numero di serie",
    count: (n) => (n === 1 ? "1 articolo" : `${n} articoli`),
    noPrices: "Questo documento di trasporto non riporta prezzi. La fattura ti è stata inviata via e-mail.",
    returnsHeading: "Resi e garanzia",
    returns:
      `Puoi restituire qualsiasi articolo entro ${RETURN_DAYS} giorni dal ricevimento, senza doverne indicare il motivo. ` +
      "Registra il reso nel tuo account o rispondendo all'e-mail di conferma della spedizione e metti questo documento nel pacco.",
    warranty: `Ogni dispositivo ha una garanzia di ${WARRANTY_MONTHS} mesi dalla consegna. Conserva questo documento: il codice IMEI o il numero di serie riportato identifica il tuo dispositivo.`,
  },
  nl: {
    title: "Pakbon",
    fileName: "pakbon",
    date: "Verzenddatum",
    carrier: "Verzonden met",
    columnPosition: "Nr.",
    columnIdentifier: "IMEI / serienummer",
    imei: "IMEI",
    serialNumber: "Serienummer",
    count: (n) => (n === 1 ? "1 artikel" : `${n} artikelen`),
    noPrices: "Op deze pakbon staan geen prijzen. Je factuur hebben we je per e-mail gestuurd.",
    returnsHeading: "Retourneren en garantie",
    returns:
      `Je kunt elk artikel binnen ${RETURN_DAYS} dagen na ontvangst zonder opgave van redenen retourneren. ` +
      "Meld de retour aan in je account of door te antwoorden op je verzendbevestiging, en stop deze pakbon in het pakket.",
    warranty: `Op elk apparaat krijg je ${WARRANTY_MONTHS} maanden garantie vanaf de levering. Bewaar deze pakbon: het IMEI- of serienummer erop identificeert je apparaat.`,
  },
};

export function deliveryNoteTexts(locale: Locale): DeliveryNoteTexts {
  return DELIVERY_NOTE_TEXTS[locale];
}

/** "IMEI 356938035643809" for fifteen digits, else "Seriennummer C02XL0GTJGH5": what a unit's identifier is, named. */
export function unitIdentifierText(locale: Locale, identifier: string): string {
  const value = identifier.replace(/\s+/g, "").toUpperCase();
  const t = DELIVERY_NOTE_TEXTS[locale];
  return `${/^\d{15}$/.test(value) ? t.imei : t.serialNumber} ${value}`;
}

/** The delivery note as an A4 PDF in the order's language: what the parcel holds, without prices. The same input gives the same bytes. */
export function renderDeliveryNotePdf(input: DeliveryNoteInput): Promise<Buffer> {
  const t = deliveryNoteTexts(input.locale);
  return renderPdf(
    { locale: input.locale, title: `${t.title} ${input.orderNumber}`, author: input.seller.name, date: input.date, page: { margin: MARGIN, bufferPages: true } },
    (doc) => new DeliveryNoteLayout(doc, input, t, invoiceTexts(input.locale)).draw(),
  );
}

/** "Lieferschein-R26-001234.pdf", "delivery-note-R26-001234.pdf". */
export function deliveryNoteFileName(locale: Locale, orderNumber: string): string {
  return `${deliveryNoteTexts(locale).fileName}-${orderNumber}.pdf`;
}

const MARGIN = 50;
const FOOTER_HEIGHT = 30;
const MUTED = "#555555";
const RULE = "#bbbbbb";
const TEXT = "#111111";

/** Table columns as offsets from the left margin. */
const COLUMNS = {
  position: { x: 0, width: 30 },
  item: { x: 35, width: 300 },
  identifier: { x: 345, width: 150 },
};

type TextOptions = PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string };

class DeliveryNoteLayout {
  private readonly left: number;
  private readonly width: number;
  private readonly bottom: number;
  private y: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: DeliveryNoteInput,
    private readonly t: DeliveryNoteTexts,
    private readonly inv: InvoiceTexts,
  ) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    this.bottom = doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;
    this.y = doc.page.margins.top;
  }

  draw(): void {
    this.header();
    this.address();
    this.table();
    this.notes();
    this.footers();
  }

  private text(value: string, x: number, y: number, options: TextOptions = {}): void {
    const { font = "Helvetica", size = 9, color = TEXT, ...textOptions } = options;
    this.doc.font(font).fontSize(size).fillColor(color).text(pdfText(value), x, y, textOptions);
  }

  private height(value: string, width: number, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).heightOfString(pdfText(value), { width });
  }

  private rule(y: number): void {
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  /** Starts a new page when the next block would run into the footer. */
  private ensureRoom(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = this.doc.page.margins.top;
    return true;
  }

  private header(): void {
    const { seller, shipment } = this.input;
    const top = this.y;
    const sellerWidth = 260;
    this.text(seller.name, this.left, top, { font: "Helvetica-Bold", size: 14, width: sellerWidth });
    let sellerY = top + this.height(seller.name, sellerWidth, "Helvetica-Bold", 14) + 4;
    for (const line of seller.address) {
      this.text(line, this.left, sellerY, { color: MUTED, width: sellerWidth });
      sellerY += this.height(line, sellerWidth, "Helvetica", 9);
    }

    this.text(this.t.title, this.left, top, { font: "Helvetica-Bold", size: 22, width: this.width, align: "right" });
    const meta: [string, string][] = [
      [this.inv.orderNumber, this.input.orderNumber],
      [this.t.date, formatDate(this.input.date, this.input.locale)],
    ];
    if (shipment) {
      meta.push([this.t.carrier, SHIPPING_CARRIER_NAMES[shipment.carrier]]);
      const tracking = shipment.trackingNumber === null ? "" : normalizeTrackingNumber(shipment.trackingNumber);
      if (tracking !== "") meta.push([ORDER_SHIPPING_LABEL_TEXTS[this.input.locale].trackingNumber, tracking]);
    }
    const labelWidth = 110;
    const metaX = this.left + 270;
    const valueWidth = this.width - 270 - labelWidth;
    let metaY = top + 34;
    for (const [label, value] of meta) {
      this.text(label, metaX, metaY, { color: MUTED, width: labelWidth });
      this.text(value, metaX + labelWidth, metaY, { width: valueWidth, align: "right" });
      metaY += Math.max(this.height(label, labelWidth, "Helvetica", 9), this.height(value, valueWidth, "Helvetica", 9)) + 2;
    }
    this.y = Math.max(sellerY, metaY) + 24;
  }

  private address(): void {
    const width = 260;
    this.text(this.inv.deliveryAddress, this.left, this.y, { font: "Helvetica-Bold", size: 9, color: MUTED, width });
    let y = this.y + 14;
    for (const line of this.input.deliveryAddress) {
      this.text(line, this.left, y, { size: 10, width });
      y += this.height(line, width, "Helvetica", 10);
    }
    this.y = y + 28;
  }

  private tableHeader(): void {
    const heads: [keyof typeof COLUMNS, string][] = [
      ["position", this.t.columnPosition],
      ["item", this.inv.columnItem],
      ["identifier", this.t.columnIdentifier],
    ];
    for (const [key, head] of heads) {
      const { x, width } = COLUMNS[key];
      this.text(head, this.left + x, this.y, { font: "Helvetica-Bold", size: 9, width });
    }
    this.y += 14;
    this.rule(this.y);
    this.y += 6;
  }

  private table(): void {
    this.ensureRoom(40);
    this.tableHeader();
    const { position, item, identifier } = COLUMNS;
    this.input.items.forEach((line, index) => {
      const details = [`${this.inv.condition}${this.inv.colon}${this.inv.grades[line.grade]}`];
      if (line.withFullBattery) details.push(this.inv.fullBattery);
      const detail = details.join(" · ");
      const unit = line.identifier ? unitIdentifierText(this.input.locale, line.identifier) : "–";
      const nameHeight = this.height(line.name, item.width, "Helvetica-Bold", 10);
      const itemHeight = nameHeight + 2 + this.height(detail, item.width, "Helvetica", 8.5);
      const rowHeight = Math.max(itemHeight, this.height(unit, identifier.width, "Helvetica", 9)) + 8;
      if (this.ensureRoom(rowHeight)) this.tableHeader();

      this.text(String(index + 1), this.left + position.x, this.y + 1, { size: 9, width: position.width, lineBreak: false });
      this.text(line.name, this.left + item.x, this.y, { font: "Helvetica-Bold", size: 10, width: item.width });
      this.text(detail, this.left + item.x, this.y + nameHeight + 2, { size: 8.5, color: MUTED, width: item.width });
      this.text(unit, this.left + identifier.x, this.y + 1, { size: 9, width: identifier.width });
      this.y += rowHeight;
      this.rule(this.y - 4);
    });
    this.ensureRoom(14);
    this.text(this.t.count(this.input.items.length), this.left, this.y, { font: "Helvetica-Bold", size: 9, width: this.width, align: "right" });
    this.y += 30;
  }

  private notes(): void {
    this.paragraph(this.t.noPrices);
    this.y += 8;
    const headingHeight = 16;
    const body = [this.t.returns, this.t.warranty];
    // The heading stays with its first paragraph.
    this.ensureRoom(headingHeight + this.height(this.t.returns, this.width, "Helvetica", 9));
    this.text(this.t.returnsHeading, this.left, this.y, { font: "Helvetica-Bold", size: 11, width: this.width });
    this.y += headingHeight;
    for (const paragraph of body) this.paragraph(paragraph);
  }

  private paragraph(value: string): void {
    const height = this.height(value, this.width, "Helvetica", 9);
    this.ensureRoom(height);
    this.text(value, this.left, this.y, { size: 9, color: MUTED, width: this.width });
    this.y += height + 6;
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
      const footer = `${this.input.seller.name} · ${this.t.title} ${this.input.orderNumber} · ${this.inv.page(index - range.start + 1, range.count)}`;
      this.text(footer, this.left, this.doc.page.height - bottomMargin - 10, { size: 8, color: MUTED, width: this.width, align: "center", lineBreak: false });
      margins.bottom = bottomMargin;
    }
  }
}
