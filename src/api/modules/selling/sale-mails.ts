import { invoiceTexts } from "../../../documents/invoice-texts.ts";
import { SELL_GRADE_NAMES } from "../../../documents/shipping-label-texts.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import type { SellGrade } from "../../../domain/selling/grading.ts";
import type { Carrier, PayoutMethod } from "../../../domain/selling/sell-cart-rules.ts";
import { compose, heading, items, link, paragraph, rows, type Block, type ComposedMail, type MailItem, type MailRow } from "../../../mail/compose.ts";
import { dateText, greeting, signOff, type DateText } from "../../../mail/texts.ts";
import { SALE_MAIL_TEXTS, type SaleMailTexts } from "./sale-mail-texts.ts";

export type { ComposedMail } from "../../../mail/compose.ts";

export interface SaleMailItem {
  name: string;
  grade: SellGrade;
  priceCents: number;
  counterofferPriceCents: number | null;
  /** Staff's words for why the price changed. */
  counterofferReason: string | null;
}

/** What the sale mails say about a sale, in plain values. */
export interface SaleSummary {
  locale: Locale;
  number: string;
  firstName: string | null;
  items: SaleMailItem[];
  /** What is paid as things stand: the items, plus the coupon bonus, less the label and express fees. */
  payoutCents: number;
  /** The payout if the counteroffer is accepted; null without a counteroffer. */
  counterofferPayoutCents: number | null;
  payoutMethod: PayoutMethod;
  carrier: Carrier;
  parcels: number;
  counterofferDeadline: Date | null;
  /** The sale's page in the account area, absolute. */
  saleUrl: string;
}

export const SALE_MAIL_KINDS = ["created", "parcelReceived", "inspectionStarted", "counteroffer", "counterofferReminder", "offerConfirmed", "paid", "returned", "payoutReturned"] as const;
export type SaleMailKind = (typeof SALE_MAIL_KINDS)[number];

/** The seller has this long to hand the parcel to the carrier. */
export const SHIP_WITHIN_DAYS = 14;

/** The mail for a step of a sale, in the seller's language. */
export function saleMail(kind: SaleMailKind, sale: SaleSummary): ComposedMail {
  const t = SALE_MAIL_TEXTS[sale.locale];
  const [subject, body] = MAILS[kind](sale, t);
  return compose(sale.locale, subject, [greeting(sale.locale, sale.firstName), ...body, signOff(sale.locale)]);
}

/** What the seller is paid once the sale is settled: the counteroffer's payout when there was one, since it was accepted. */
export function settledPayoutCents(sale: SaleSummary): number {
  return sale.counterofferPayoutCents ?? sale.payoutCents;
}

type MailParts = (sale: SaleSummary, t: SaleMailTexts) => [subject: string, body: Block[]];

const MAILS: Record<SaleMailKind, MailParts> = {
  created: (sale, t) => [
    t.created.subject(sale.number, sale.parcels),
    [
      paragraph(t.created.intro(sale.number)),
      paragraph(t.created.labels(sale.parcels)),
      paragraph(t.created.packing(sale.parcels)),
      paragraph(t.created.dropOff(sale.carrier, SHIP_WITHIN_DAYS, sale.parcels)),
      paragraph(t.created.next),
      ...summary(sale, t, false, [...offersTotalRow(sale, t), { label: t.expectedPayout, value: money(sale, sale.payoutCents), strong: true }]),
      ...accountLink(sale, t),
    ],
  ],
  parcelReceived: (sale, t) => [
    t.parcelReceived.subject(sale.number, sale.parcels),
    [paragraph(t.parcelReceived.intro(sale.parcels)), paragraph(t.parcelReceived.inspection), ...accountLink(sale, t)],
  ],
  inspectionStarted: (sale, t) => [
    t.inspectionStarted.subject(sale.number),
    [paragraph(t.inspectionStarted.intro(sale.items.length)), paragraph(t.inspectionStarted.next), ...accountLink(sale, t)],
  ],
  counteroffer: (sale, t) => {
    const counteroffer = counterofferOf(sale);
    const changed = sale.items.filter((item) => item.counterofferPriceCents !== null).length;
    return [t.counteroffer.subject(sale.number), [paragraph(t.counteroffer.intro(changed, sale.items.length)), ...counterofferFacts(sale, t, counteroffer)]];
  },
  counterofferReminder: (sale, t) => {
    const counteroffer = counterofferOf(sale);
    return [
      t.counterofferReminder.subject(sale.number, counteroffer.deadline),
      [paragraph(t.counterofferReminder.intro(counteroffer.deadline)), ...counterofferFacts(sale, t, counteroffer)],
    ];
  },
  offerConfirmed: (sale, t) => {
    const countered = sale.counterofferPayoutCents !== null || sale.items.some((item) => item.counterofferPriceCents !== null);
    const payout = settledPayoutCents(sale);
    return [
      t.offerConfirmed.subject(sale.number),
      [
        paragraph(countered ? t.offerConfirmed.counterofferAccepted : t.offerConfirmed.confirmed),
        paragraph(t.offerConfirmed.payout(money(sale, payout), sale.payoutMethod)),
        ...summary(sale, t, true, [{ label: t.payout, value: money(sale, payout), strong: true }]),
        ...accountLink(sale, t),
      ],
    ];
  },
  paid: (sale, t) => {
    const payout = settledPayoutCents(sale);
    return [
      t.paid.subject(sale.number),
      [
        paragraph(t.paid.intro(money(sale, payout), sale.payoutMethod)),
        rows([
          { label: t.saleNumber, value: sale.number },
          { label: t.payout, value: money(sale, payout), strong: true },
          { label: t.payoutMethod, value: t.payoutMethods[sale.payoutMethod] },
        ]),
        paragraph(t.paid.arrival(sale.payoutMethod)),
        paragraph(t.paid.thanks),
        ...accountLink(sale, t),
      ],
    ];
  },
  returned: (sale, t) => [t.returned.subject(sale.number, sale.parcels), [paragraph(t.returned.intro(sale.parcels)), ...accountLink(sale, t)]],
  payoutReturned: (sale, t) => [
    t.payoutReturned.subject(sale.number),
    [paragraph(t.payoutReturned.intro(money(sale, settledPayoutCents(sale)))), paragraph(t.payoutReturned.correct), ...accountLink(sale, t)],
  ],
};

function money(sale: SaleSummary, cents: number): string {
  return formatMoney(cents, sale.locale);
}

function colon(locale: Locale): string {
  return invoiceTexts(locale).colon;
}

function accountLink(sale: SaleSummary, t: SaleMailTexts): Block[] {
  return [paragraph(t.accountLink), link(sale.saleUrl)];
}

interface Counteroffer {
  payoutCents: number;
  deadline: DateText;
}

/** The counteroffer mails cannot be written without the counteroffer. */
function counterofferOf(sale: SaleSummary): Counteroffer {
  if (sale.counterofferPayoutCents === null || sale.counterofferDeadline === null) {
    throw new Error(`Sale ${sale.number}: a counteroffer mail needs the counteroffer's payout and deadline`);
  }
  return { payoutCents: sale.counterofferPayoutCents, deadline: dateText(sale.counterofferDeadline, sale.locale) };
}

/**
 * The items sold, their condition and price, and the amounts under them. Once the sale is settled,
 * an item with a counteroffer shows its new price and the reason for it (the grade is the seller's own).
 */
function summary(sale: SaleSummary, t: SaleMailTexts, settled: boolean, totals: MailRow[]): Block[] {
  const grades = SELL_GRADE_NAMES[sale.locale];
  const list: MailItem[] = sale.items.map((item) => {
    const countered = settled && item.counterofferPriceCents !== null;
    return {
      name: item.name,
      details: [
        countered && item.counterofferReason
          ? `${t.counteroffer.reason}${colon(sale.locale)}${item.counterofferReason}`
          : `${t.condition}${colon(sale.locale)}${grades[item.grade]}`,
      ],
      amounts: [money(sale, countered ? (item.counterofferPriceCents ?? item.priceCents) : item.priceCents)],
    };
  });
  return [
    heading(t.yourSale),
    rows([{ label: t.saleNumber, value: sale.number }]),
    items(list),
    rows([...totals, { label: t.payoutMethod, value: t.payoutMethods[sale.payoutMethod] }]),
  ];
}

/** The sum of the offers, when fees or a coupon bonus make the payout differ from it. */
function offersTotalRow(sale: SaleSummary, t: SaleMailTexts): MailRow[] {
  const total = sale.items.reduce((sum, item) => sum + item.priceCents, 0);
  return total === sale.payoutCents ? [] : [{ label: t.offersTotal, value: money(sale, total) }];
}

/** The changed items with old and new price and the reason, both payouts, and what the seller can do until when. */
function counterofferFacts(sale: SaleSummary, t: SaleMailTexts, { payoutCents, deadline }: Counteroffer): Block[] {
  const changed = sale.items.filter((item) => item.counterofferPriceCents !== null);
  const list: MailItem[] = changed.map((item) => ({
    name: item.name,
    details: item.counterofferReason ? [`${t.counteroffer.reason}${colon(sale.locale)}${item.counterofferReason}`] : [],
    amounts: [`${money(sale, item.priceCents)} → ${money(sale, item.counterofferPriceCents ?? item.priceCents)}`],
  }));
  return [
    heading(t.yourSale),
    rows([{ label: t.saleNumber, value: sale.number }]),
    items(list),
    ...(changed.length < sale.items.length ? [paragraph(t.counteroffer.unchanged)] : []),
    rows([
      { label: t.counteroffer.previousPayout, value: money(sale, sale.payoutCents) },
      { label: t.counteroffer.newPayout, value: money(sale, payoutCents), strong: true },
    ]),
    paragraph(t.counteroffer.decide(deadline)),
    link(sale.saleUrl),
    paragraph(t.counteroffer.decline(sale.parcels)),
    paragraph(t.counteroffer.silence(deadline)),
  ];
}
