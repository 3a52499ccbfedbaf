import { deliveryNoteTexts, RETURN_DAYS, unitIdentifierText, type DeliveryNoteInput } from "../../../documents/delivery-note.ts";
import { invoiceTotals, type InvoiceInput, type InvoiceLine } from "../../../documents/invoice.ts";
import { invoiceTexts, type InvoiceTexts } from "../../../documents/invoice-texts.ts";
import { ORDER_SHIPPING_LABEL_TEXTS, type OrderShippingLabelInput } from "../../../documents/order-shipping-label.ts";
import type { Address, DeliveryMethod, PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import { normalizeTrackingNumber, SHIPPING_CARRIER_NAMES, trackingUrl, type ShippingCarrier } from "../../../domain/checkout/carriers.ts";
import { shopDayEnd, shopDayIso } from "../../../domain/dates.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { compose, heading, items, lines, link, paragraph, type Block, type ComposedMail, type MailItem, type MailRow } from "../../../mail/compose.ts";
import { addressLines, dateText, greeting, signOff } from "../../../mail/texts.ts";
import { formatIban, SHOP } from "../../../mail/shop-details.ts";
import { ORDER_MAIL_TEXTS, type OrderMailTexts } from "./order-mail-texts.ts";

/** One unit of an order as the invoice lists it, with what fulfilment knows of it besides. */
export interface OrderLine extends InvoiceLine {
  /** The unit's IMEI or serial number, once a unit is picked for the line: on the delivery note and in the shipped mail. */
  identifier?: string | null;
  /**
   * Where the product is reviewed (writeReviewUrl): the delivered mail invites customers to it. Guests are not
   * invited, as a review needs an account.
   */
  reviewUrl?: string | null;
}

/** The parcel as it left: who carries it and the carrier's number for it, when the carrier gave one. */
export interface Shipment {
  carrier: ShippingCarrier;
  trackingNumber: string | null;
}

/** What the mails and the invoice say about an order, in plain values. */
export interface OrderSummary {
  locale: Locale;
  number: string;
  billingAddress: Address;
  deliveryAddress: Address;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  couponCode: string | null;
  lines: OrderLine[];
  shippingCents: number;
  insuranceCents: number;
  totalCents: number;
  dispatchDays: { min: number; max: number };
  paymentDeadline: Date;
  /** The order's page: in the customer's account, or for a guest by the key in the link; null when unknown. */
  orderUrl: string | null;
  /** A guest's order: no account, so no review invitation and the link is not "in your account". */
  guest?: boolean;
  /** The parcel, once it has left. */
  shipment?: Shipment | null;
  /** When the parcel arrived: the delivered mail gives the last day for returns from it. */
  deliveredAt?: Date | null;
  /** Where the delivery note can be downloaded; without it, the shipped mail says the note is attached. */
  deliveryNoteUrl?: string | null;
}

/** An order whose parcel has left. */
export type ShippedOrderSummary = OrderSummary & { shipment: Shipment };

/** Where parcels leave from: the shop's warehouse, under the company's name. */
export const DISPATCH_ADDRESS: readonly string[] = [SHOP.seller.name, ...SHOP.receiving.slice(1)];

export type { ComposedMail } from "../../../mail/compose.ts";

export interface BankAccount {
  holder: string;
  iban: string;
  bic: string;
  bank: string;
}

/** The order confirmation, sent once the money is in; the invoice goes with it as an attachment. */
export function orderConfirmationMail(order: OrderSummary): ComposedMail {
  const { t, inv } = textsOf(order.locale);
  return compose(order.locale, t.confirmation.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.confirmation.intro),
    paragraph(t.dispatch(order.dispatchDays.min, order.dispatchDays.max)),
    paragraph(t.confirmation.invoiceAttached),
    ...summary(order, t, inv),
    ...accountLink(order, t),
    signOff(order.locale),
  ]);
}

/** Bank details for an order paid in advance: where to, how much, until when, and the order number as the reference. */
export function transferInstructionsMail(order: OrderSummary, account: BankAccount = SHOP.bankAccount): ComposedMail {
  const { t, inv } = textsOf(order.locale);
  const deadline = dateText(order.paymentDeadline, order.locale);
  return compose(order.locale, t.transfer.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.transfer.intro(deadline)),
    bankDetails(order, account, t),
    paragraph(t.transfer.referenceHint),
    paragraph(t.transfer.reserved),
    paragraph(t.transfer.deadlineNote(deadline)),
    ...summary(order, t, inv),
    ...accountLink(order, t),
    signOff(order.locale),
  ]);
}

/** A few days in, when the money has not arrived yet. */
export function transferReminderMail(order: OrderSummary, account: BankAccount = SHOP.bankAccount): ComposedMail {
  const { t } = textsOf(order.locale);
  const deadline = dateText(order.paymentDeadline, order.locale);
  return compose(order.locale, t.reminder.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.reminder.intro(order.number, deadline)),
    bankDetails(order, account, t),
    paragraph(t.transfer.referenceHint),
    paragraph(t.transfer.deadlineNote(deadline)),
    paragraph(t.reminder.alreadyPaid, true),
    ...accountLink(order, t),
    signOff(order.locale),
  ]);
}

/** The bank transfer did not come in time: the order is cancelled and its units are for sale again. */
export function transferCancelledMail(order: OrderSummary): ComposedMail {
  const { t, inv } = textsOf(order.locale);
  const deadline = dateText(order.paymentDeadline, order.locale);
  return compose(order.locale, t.cancelled.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.cancelled.intro(order.number, deadline)),
    items(order.lines.map((line) => itemOf(line, order.locale, inv, false))),
    paragraph(t.cancelled.alreadyPaid),
    paragraph(t.cancelled.orderAgain),
    signOff(order.locale),
  ]);
}

/**
 * The parcel has left: the carrier, the tracking number with the carrier's tracking page, the units in the parcel
 * and the delivery note, attached (deliveryNoteFileName) or linked when the order has a deliveryNoteUrl.
 */
export function orderShippedMail(order: ShippedOrderSummary): ComposedMail {
  const { t, inv } = textsOf(order.locale);
  const { carrier } = order.shipment;
  const tracking = trackingNumberOf(order.shipment);
  const parcel: MailRow[] = [{ label: deliveryNoteTexts(order.locale).carrier, value: SHIPPING_CARRIER_NAMES[carrier] }];
  if (tracking) parcel.push({ label: ORDER_SHIPPING_LABEL_TEXTS[order.locale].trackingNumber, value: tracking, strong: true });
  return compose(order.locale, t.shipped.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.shipped.intro(order.number, SHIPPING_CARRIER_NAMES[carrier])),
    { kind: "rows", rows: parcel },
    ...(tracking ? [paragraph(t.shipped.track), link(trackingUrl(carrier, tracking, order.locale))] : [paragraph(t.shipped.noTracking)]),
    ...(order.deliveryNoteUrl ? [paragraph(t.shipped.deliveryNoteLink), link(order.deliveryNoteUrl)] : [paragraph(t.shipped.deliveryNoteAttached)]),
    heading(t.shipped.inParcel),
    { kind: "rows", rows: [{ label: inv.orderNumber, value: order.number }] },
    items(order.lines.map((line) => unitOf(line, order.locale, inv))),
    heading(inv.deliveryAddress),
    lines(addressLines(order.deliveryAddress, order.locale)),
    ...accountLink(order, t),
    signOff(order.locale),
  ]);
}

/**
 * The parcel has arrived: enjoy, the return period (to the day when the delivery day is known) and the warranty,
 * how to reach the shop, and for customers an invitation to review what they bought.
 */
export function orderDeliveredMail(order: OrderSummary): ComposedMail {
  const { t } = textsOf(order.locale);
  const until = order.deliveredAt ? dateText(returnDeadline(order.deliveredAt), order.locale) : null;
  return compose(order.locale, t.delivered.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.delivered.intro(order.number)),
    paragraph(t.delivered.returns(until)),
    paragraph(t.delivered.warranty),
    paragraph(t.delivered.help),
    ...accountLink(order, t),
    ...reviewInvitation(order, t),
    signOff(order.locale),
  ]);
}

/** The last moment to send items back: the end of the RETURN_DAYS-th day after delivery, in the shop's time zone. */
export function returnDeadline(deliveredAt: Date): Date {
  const deliveryDay = Date.parse(`${shopDayIso(deliveredAt)}T00:00:00Z`);
  return shopDayEnd(new Date(deliveryDay + RETURN_DAYS * DAY_MS).toISOString().slice(0, 10));
}

/** The storefront's page for writing a review of a product, which the delivered mail links. */
export function writeReviewUrl(publicUrl: string, productId: number, slug: string): string {
  return new URL(`/write-review/${productId}/${encodeURIComponent(slug)}`, publicUrl).href;
}

/** The delivery note of an order, dated the day its parcel leaves. */
export function deliveryNoteInputOf(order: OrderSummary, date: Date): DeliveryNoteInput {
  return {
    locale: order.locale,
    orderNumber: order.number,
    date,
    seller: { name: SHOP.seller.name, address: [...SHOP.seller.address] },
    deliveryAddress: addressLines(order.deliveryAddress, order.locale),
    items: order.lines.map((line) => ({ name: line.name, grade: line.grade, withFullBattery: line.withFullBattery, identifier: line.identifier ?? null })),
    shipment: order.shipment ? { carrier: order.shipment.carrier, trackingNumber: trackingNumberOf(order.shipment) } : null,
  };
}

/** The shipping label of an order's parcel: from the shop's warehouse to the delivery address. */
export function orderShippingLabelInputOf(order: OrderSummary, shipment: Shipment, createdAt: Date): OrderShippingLabelInput {
  return {
    locale: order.locale,
    orderNumber: order.number,
    carrier: shipment.carrier,
    trackingNumber: trackingNumberOf(shipment),
    sender: [...DISPATCH_ADDRESS],
    recipient: addressLines(order.deliveryAddress, order.locale),
    createdAt,
  };
}

/** The invoice for a paid order, issued at the moment of payment. */
export function invoiceInputOf(order: OrderSummary, issuedAt: Date): InvoiceInput {
  const { t } = textsOf(order.locale);
  return {
    locale: order.locale,
    orderNumber: order.number,
    issuedAt,
    seller: { name: SHOP.seller.name, address: [...SHOP.seller.address], vatId: SHOP.seller.vatId },
    billingAddress: addressLines(order.billingAddress, order.locale),
    deliveryAddress: addressLines(order.deliveryAddress, order.locale),
    lines: order.lines,
    shippingCents: order.shippingCents,
    insuranceCents: order.insuranceCents,
    couponCode: order.couponCode,
    totalCents: order.totalCents,
    paymentMethodLabel: t.paymentMethods[order.paymentMethod],
  };
}

/** "Rechnung-R26-001234.pdf", with the invoice's own word for invoice. */
export function invoiceFileName(locale: Locale, orderNumber: string): string {
  return `${invoiceTexts(locale).title}-${orderNumber}.pdf`;
}

const DAY_MS = 86_400_000;

/** The tracking number as the carrier prints it, or null when there is none. */
function trackingNumberOf(shipment: Shipment): string | null {
  const number = shipment.trackingNumber === null ? "" : normalizeTrackingNumber(shipment.trackingNumber);
  return number === "" ? null : number;
}

/** A unit in the parcel: its condition and, once known, its IMEI or serial number; no amounts. */
function unitOf(line: OrderLine, locale: Locale, inv: InvoiceTexts): MailItem {
  const item = itemOf(line, locale, inv, false);
  return line.identifier ? { ...item, details: [...item.details, unitIdentifierText(locale, line.identifier)] } : item;
}

/** Each product bought once, with its review link; customers only, as a review needs an account. */
function reviewInvitation(order: OrderSummary, t: OrderMailTexts): Block[] {
  if (!order.orderUrl || order.guest) return [];
  const products = new Map<string, string>();
  for (const line of order.lines) if (line.reviewUrl && !products.has(line.reviewUrl)) products.set(line.reviewUrl, line.name);
  if (products.size === 0) return [];
  return [paragraph(t.delivered.review), ...[...products].flatMap(([url, name]) => [lines([name]), link(url)])];
}

function textsOf(locale: Locale): { t: OrderMailTexts; inv: InvoiceTexts } {
  return { t: ORDER_MAIL_TEXTS[locale], inv: invoiceTexts(locale) };
}

function accountLink(order: OrderSummary, t: OrderMailTexts): Block[] {
  if (!order.orderUrl) return [];
  return [paragraph(order.guest ? t.guestLink : t.accountLink), link(order.orderUrl)];
}

function bankDetails(order: OrderSummary, account: BankAccount, t: OrderMailTexts): Block {
  const money = (cents: number) => formatMoney(cents, order.locale);
  return {
    kind: "rows",
    rows: [
      { label: t.transfer.holder, value: account.holder },
      { label: t.transfer.iban, value: formatIban(account.iban) },
      { label: t.transfer.bic, value: account.bic },
      { label: t.transfer.bank, value: account.bank },
      { label: t.transfer.amount, value: money(order.totalCents), strong: true },
      { label: t.transfer.reference, value: order.number, strong: true },
    ],
  };
}

function itemOf(line: InvoiceLine, locale: Locale, inv: InvoiceTexts, withAmounts: boolean): MailItem {
  const details = [`${inv.condition}${inv.colon}${inv.grades[line.grade]}`];
  if (line.withFullBattery) details.push(inv.fullBattery);
  const amounts: string[] = [];
  if (withAmounts) amounts.push(formatMoney(line.priceCents, locale));
  if (withAmounts && line.discountCents !== 0) amounts.push(`${inv.columnDiscount}${inv.colon}${formatMoney(-line.discountCents, locale)}`);
  return {
    // The marker points to the margin note under the totals; without amounts there is none.
    name: withAmounts && line.vatScheme === "margin" ? `${line.name} ${inv.marginMarker}` : line.name,
    details: [details.join(" · ")],
    amounts,
  };
}

/** Number, items, totals and delivery address; VAT is shown for standard-rated amounts only, never for margin-scheme goods. */
function summary(order: OrderSummary, t: OrderMailTexts, inv: InvoiceTexts): Block[] {
  const money = (cents: number) => formatMoney(cents, order.locale);
  const totals = invoiceTotals(invoiceInputOf(order, new Date(0)));
  const rows: { label: string; value: string; strong?: boolean }[] = [{ label: t.deliveryMethods[order.deliveryMethod], value: money(order.shippingCents) }];
  if (order.insuranceCents !== 0) rows.push({ label: inv.insurance, value: money(order.insuranceCents) });
  if (order.couponCode) rows.push({ label: inv.coupon, value: order.couponCode });
  rows.push({ label: inv.total, value: money(order.totalCents), strong: true });
  if (totals.standardGrossCents !== 0) rows.push({ label: inv.vatIncluded, value: money(totals.standardVatCents) });
  return [
    { kind: "heading", text: t.yourOrder },
    { kind: "rows", rows: [{ label: inv.orderNumber, value: order.number }] },
    items(order.lines.map((line) => itemOf(line, order.locale, inv, true))),
    { kind: "rows", rows },
    ...(order.lines.some((line) => line.vatScheme === "margin") ? [paragraph(t.marginNote, true)] : []),
    { kind: "heading", text: inv.deliveryAddress },
    { kind: "lines", lines: addressLines(order.deliveryAddress, order.locale) },
  ];
}
