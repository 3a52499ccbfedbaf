import { invoiceTotals, type InvoiceInput, type InvoiceLine } from "../../../documents/invoice.ts";
import { invoiceTexts, type InvoiceTexts } from "../../../documents/invoice-texts.ts";
import type { Address, DeliveryMethod, PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { compose, items, link, paragraph, type Block, type ComposedMail, type MailItem } from "../../../mail/compose.ts";
import { addressLines, dateText, greeting, signOff } from "../../../mail/texts.ts";
import { formatIban, SHOP } from "../../../mail/shop-details.ts";
import { ORDER_MAIL_TEXTS, type OrderMailTexts } from "./order-mail-texts.ts";

/** What the mails and the invoice say about an order, in plain values. */
export interface OrderSummary {
  locale: Locale;
  number: string;
  billingAddress: Address;
  deliveryAddress: Address;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  couponCode: string | null;
  lines: InvoiceLine[];
  shippingCents: number;
  insuranceCents: number;
  totalCents: number;
  dispatchDays: { min: number; max: number };
  paymentDeadline: Date;
  /** The order in the customer's account; null for guests, who have none. */
  orderUrl: string | null;
}

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

function textsOf(locale: Locale): { t: OrderMailTexts; inv: InvoiceTexts } {
  return { t: ORDER_MAIL_TEXTS[locale], inv: invoiceTexts(locale) };
}

function accountLink(order: OrderSummary, t: OrderMailTexts): Block[] {
  return order.orderUrl ? [paragraph(t.accountLink), link(order.orderUrl)] : [];
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
