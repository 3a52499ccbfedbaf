/**
 * What follows an order once its transaction has committed, as durable jobs: the payment
 * deadline that frees the units, the mails about the bank transfer, and the confirmation with
 * the invoice. Handlers look at the order as it is when they run, so a job that has become
 * pointless (the transfer came in, the order was cancelled) does nothing.
 */
import type { Config } from "../../../config.ts";
import { renderInvoicePdf } from "../../../documents/invoice.ts";
import { TRANSFER_REMINDER_DAYS } from "../../../domain/checkout/orders.ts";
import { DEFAULT_LOCALE, isLocale } from "../../../domain/i18n/locales.ts";
import type { Job, JobQueue } from "../../../jobs/queue.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { deliveryNoteFileName, renderDeliveryNotePdf } from "../../../documents/delivery-note.ts";
import { isShippingCarrier } from "../../../domain/checkout/carriers.ts";
import type { FulfilmentJobs, FulfilmentService } from "./fulfilment-service.ts";
import {
  deliveryNoteInputOf,
  orderDeliveredMail,
  orderShippedMail,
  writeReviewUrl,
  invoiceFileName,
  invoiceInputOf,
  orderConfirmationMail,
  transferCancelledMail,
  transferInstructionsMail,
  transferReminderMail,
  type OrderSummary,
} from "./order-mails.ts";
import { orderCancelledMail, orderRefundedMail } from "./refund-mails.ts";
import type { RefundService } from "./refund-service.ts";
import type { OrderRow } from "./repository.ts";
import type { OrderView } from "./schemas.ts";
import { orderPageUrl } from "./order-access.ts";
import type { OrderJobs, OrderService } from "./service.ts";

export const ORDER_JOB = {
  paymentDeadline: "order.payment-deadline",
  transferInstructions: "order.transfer-instructions",
  transferReminder: "order.transfer-reminder",
  confirmation: "order.confirmation",
  expirySweep: "order.expiry-sweep",
  cancelled: "order.cancelled",
  refunded: "order.refunded",
  shipped: "order.shipped",
  delivered: "order.delivered",
} as const;

interface OrderJobData {
  orderUuid: string;
  /** The refund a cancellation or refund mail tells of. */
  refundUuid?: string;
}

const DAY_MS = 86_400_000;
const PAID_OR_LATER: readonly OrderRow["status"][] = ["paid", "picked", "shipped", "delivered"];
const MINUTE_MS = 60_000;

type Log = (msg: string, err: unknown) => void;

/**
 * Enqueues an order's follow-up work. The order is committed by then, so a queue that cannot be
 * reached is logged rather than failing the customer's request: the expiry sweep frees the units
 * of an order whose deadline job was lost.
 */
export function createOrderJobs(queue: JobQueue, options: { log?: Log } = {}): OrderJobs & FulfilmentJobs {
  const log: Log = options.log ?? ((msg, err) => console.error(msg, err));

  async function enqueue(order: OrderRow, name: string, startAfter?: Date, refundUuid?: string): Promise<void> {
    const data: OrderJobData = { orderUuid: order.uuid, ...(refundUuid ? { refundUuid } : {}) };
    try {
      // An order has several refunds: each one's mail is its own job.
      await queue.send(name, data, { singletonKey: refundUuid ?? order.uuid, ...(startAfter ? { startAfter } : {}) });
    } catch (err) {
      log(`Job ${name} for order ${order.number} could not be enqueued`, err);
    }
  }

  return {
    async orderPlaced(order) {
      await enqueue(order, ORDER_JOB.paymentDeadline, new Date(order.paymentDeadline));
      if (order.paymentMethod !== "prepayment") return;
      await enqueue(order, ORDER_JOB.transferInstructions);
      await enqueue(order, ORDER_JOB.transferReminder, new Date(new Date(order.placedAt).getTime() + TRANSFER_REMINDER_DAYS * DAY_MS));
    },
    async orderPaid(order) {
      await enqueue(order, ORDER_JOB.confirmation);
    },
    async orderCancelled(order) {
      await enqueue(order, ORDER_JOB.cancelled);
    },
    async orderRefunded(order, refundUuid) {
      await enqueue(order, ORDER_JOB.refunded, undefined, refundUuid);
    },
    async orderShipped(order) {
      await enqueue(order, ORDER_JOB.shipped);
    },
    async orderDelivered(order) {
      await enqueue(order, ORDER_JOB.delivered);
    },
  };
}

/** The sweep's key is its minute, so however many instances start it, one runs per minute. */
function sweepKey(at: Date): string {
  return `sweep:${at.toISOString().slice(0, 16)}`;
}

/**
 * Registers the handlers of order jobs and starts the expiry sweep: every minute it cancels what
 * is overdue, so no order depends on its own deadline job surviving.
 */
export async function registerOrderJobHandlers(
  queue: JobQueue,
  services: { orders: OrderService; refunds: RefundService; fulfilment: FulfilmentService },
  mailer: Mailer,
  config: Pick<Config, "PUBLIC_URL" | "COOKIE_SECRET">,
  options: { clock?: () => Date } = {},
): Promise<void> {
  const { orders, refunds, fulfilment } = services;
  const clock = options.clock ?? (() => new Date());

  /** The order with everything its mails show, or null when it is gone. */
  async function load(job: Job): Promise<{ order: OrderRow; view: OrderView; summary: OrderSummary } | null> {
    const order = await orders.order((job.data as OrderJobData).orderUuid);
    if (!order) return null;
    const view = await orders.toView(order);
    return { order, view, summary: summaryOf(order, view, config.PUBLIC_URL, await orders.unitIdentifiers(order.uuid), config.COOKIE_SECRET) };
  }

  queue.work(ORDER_JOB.paymentDeadline, async (job) => {
    await orders.expireOverdue();
    const order = await orders.order((job.data as OrderJobData).orderUuid);
    if (!order) return;
    // Woken a little early (clocks differ) or behind a long backlog: the retry comes back to it.
    if (order.status === "pending_payment" || order.status === "awaiting_transfer") {
      throw new Error(`Order ${order.number} is still open at its payment deadline`);
    }
    if (order.status !== "cancelled" || order.paymentMethod !== "prepayment") return;
    const view = await orders.toView(order);
    // Only a deadline that ran out is news to the customer; they cancelled or replaced the order themselves.
    if (view.timeline.at(-1)?.event !== "transfer_overdue") return;
    await mailer.send({ to: order.email, ...transferCancelledMail(summaryOf(order, view, config.PUBLIC_URL, new Map(), config.COOKIE_SECRET)) });
  });

  queue.work(ORDER_JOB.transferInstructions, async (job) => {
    const loaded = await load(job);
    if (loaded?.order.status !== "awaiting_transfer") return;
    await mailer.send({ to: loaded.order.email, ...transferInstructionsMail(loaded.summary) });
  });

  queue.work(ORDER_JOB.transferReminder, async (job) => {
    // A reminder for an order past its deadline would ask for money the shop no longer wants.
    await orders.expireOverdue();
    const loaded = await load(job);
    if (loaded?.order.status !== "awaiting_transfer") return;
    await mailer.send({ to: loaded.order.email, ...transferReminderMail(loaded.summary) });
  });

  queue.work(ORDER_JOB.confirmation, async (job) => {
    const loaded = await load(job);
    // Sent once the money is in, also when the warehouse was quicker than the queue.
    if (!loaded || !PAID_OR_LATER.includes(loaded.order.status)) return;
    const { order, view, summary } = loaded;
    // Dated at the payment, so a retry issues the same invoice.
    const paidAt = view.timeline.findLast((event) => event.status === "paid")?.at;
    const pdf = await renderInvoicePdf(invoiceInputOf(summary, paidAt ? new Date(paidAt) : clock()));
    await mailer.send({
      to: order.email,
      ...orderConfirmationMail(summary),
      attachments: [{ filename: invoiceFileName(summary.locale, order.number), content: pdf, contentType: "application/pdf" }],
    });
  });

  queue.work(ORDER_JOB.cancelled, async (job) => {
    const loaded = await load(job);
    if (loaded?.order.status !== "cancelled") return;
    const refund = await refunds.cancellationRefund(loaded.order.uuid);
    await mailer.send({ to: loaded.order.email, ...orderCancelledMail(loaded.summary, refund ? { amountCents: refund.amount, byTransfer: refund.status === "to_transfer" } : null) });
  });

  queue.work(ORDER_JOB.refunded, async (job) => {
    const { refundUuid } = job.data as OrderJobData;
    const loaded = await load(job);
    const refund = refundUuid ? await refunds.refundRow(refundUuid) : undefined;
    if (!loaded || !refund) return;
    await mailer.send({ to: loaded.order.email, ...orderRefundedMail(loaded.summary, { amountCents: refund.amount, byTransfer: refund.status === "to_transfer" }) });
  });

  queue.work(ORDER_JOB.shipped, async (job) => {
    const loaded = await load(job);
    if (!loaded?.summary.shipment || (loaded.order.status !== "shipped" && loaded.order.status !== "delivered")) return;
    const summary = { ...loaded.summary, shipment: loaded.summary.shipment };
    const note = await renderDeliveryNotePdf(deliveryNoteInputOf(summary, new Date(loaded.order.shippedAt!)));
    await mailer.send({
      to: loaded.order.email,
      ...orderShippedMail(summary),
      attachments: [{ filename: deliveryNoteFileName(summary.locale, loaded.order.number), content: note, contentType: "application/pdf" }],
    });
  });

  queue.work(ORDER_JOB.delivered, async (job) => {
    const loaded = await load(job);
    if (loaded?.order.status !== "delivered") return;
    await mailer.send({ to: loaded.order.email, ...orderDeliveredMail(loaded.summary) });
  });

  queue.work(ORDER_JOB.expirySweep, async () => {
    // The next run is enqueued first, so a failing sweep does not end the chain; a retry would only overlap it.
    const next = new Date((Math.floor(clock().getTime() / MINUTE_MS) + 1) * MINUTE_MS);
    await queue.send(ORDER_JOB.expirySweep, {}, { startAfter: next, singletonKey: sweepKey(next), retryLimit: 0 });
    await orders.expireOverdue();
    await fulfilment.deliverAssumed();
  });

  await queue.send(ORDER_JOB.expirySweep, {}, { singletonKey: sweepKey(clock()), retryLimit: 0 });
}

/** The stored order in the plain values the mails and the invoice take. */
/** What the mails say about an order; with the secret, a guest's link opens the order by its key. */
export function summaryOf(order: OrderRow, view: OrderView, publicUrl: string, identifiers: ReadonlyMap<string, string | null> = new Map(), secret?: string): OrderSummary {
  const shipment = order.carrier && isShippingCarrier(order.carrier) ? { carrier: order.carrier, trackingNumber: order.trackingNumber } : null;
  return {
    locale: isLocale(order.locale) ? order.locale : DEFAULT_LOCALE,
    number: order.number,
    billingAddress: order.billingAddress,
    deliveryAddress: order.deliveryAddress,
    deliveryMethod: order.deliveryMethod,
    paymentMethod: order.paymentMethod,
    couponCode: order.couponCode,
    lines: view.items.map((item) => ({
      name: item.product.name,
      grade: item.variant.label,
      withFullBattery: item.withFullBattery,
      priceCents: item.price.amount,
      discountCents: item.discount.amount,
      vatScheme: item.vatScheme,
      identifier: identifiers.get(item.uuid) ?? null,
      reviewUrl: writeReviewUrl(publicUrl, item.product.id, item.product.slug),
    })),
    shipment,
    deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
    shippingCents: order.shippingPrice,
    insuranceCents: order.insurancePrice,
    totalCents: order.total,
    dispatchDays: { min: order.dispatchDaysMin, max: order.dispatchDaysMax },
    paymentDeadline: new Date(order.paymentDeadline),
    // Guests have no account: their link carries the order's key.
    orderUrl: order.customerUuid || secret ? orderPageUrl(publicUrl, secret ?? "", order) : null,
    guest: order.customerUuid === null,
  };
}
