import { formatMoney } from "../../../domain/money.ts";
import { compose, paragraph, type ComposedMail } from "../../../mail/compose.ts";
import { greeting, signOff } from "../../../mail/texts.ts";
import type { OrderSummary } from "./order-mails.ts";
import { REFUND_MAIL_TEXTS } from "./refund-mail-texts.ts";

/** What a mail says about money going back: how much, and whether finance transfers it (orders paid in advance). */
export interface RefundSummary {
  amountCents: number;
  byTransfer: boolean;
}

/** The order was cancelled (by the customer or the shop); a paid one is refunded in full. */
export function orderCancelledMail(order: OrderSummary, refund: RefundSummary | null): ComposedMail {
  const t = REFUND_MAIL_TEXTS[order.locale];
  const money = refund && formatMoney(refund.amountCents, order.locale);
  return compose(order.locale, t.cancelled.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.cancelled.intro(order.number)),
    ...(refund && money ? [paragraph(t.cancelled.refund(money)), paragraph(refund.byTransfer ? t.way.transfer : t.way.provider)] : [paragraph(t.cancelled.nothingPaid)]),
    signOff(order.locale),
  ]);
}

/** Part or all of a paid order's money goes back. */
export function orderRefundedMail(order: OrderSummary, refund: RefundSummary): ComposedMail {
  const t = REFUND_MAIL_TEXTS[order.locale];
  return compose(order.locale, t.refunded.subject(order.number), [
    greeting(order.locale, order.billingAddress.firstName),
    paragraph(t.refunded.intro(formatMoney(refund.amountCents, order.locale), order.number)),
    paragraph(refund.byTransfer ? t.way.transfer : t.way.provider),
    signOff(order.locale),
  ]);
}
