import type { PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import { mayBeCancelled, refundAmount } from "../../../domain/checkout/orders.ts";
import { AppError } from "../../errors.ts";
import type { IdempotentAnswer } from "../../idempotency.ts";
import type { CartOwner } from "../cart/service.ts";
import { requireRecentSecondFactor, requireRole, type StaffActor } from "../staff/service.ts";
import { transition } from "./order-transition.ts";
import { orderWriterOf, type OrderRepository, type OrderRow, type OrderWriter, type RefundRow } from "./repository.ts";
import type { Db } from "../../../db/client.ts";
import type { CancellationView, RefundInput, RefundView } from "./refund-schemas.ts";

/** Gives money back through the provider that took it (payments module): the same key, the same refund. */
export interface OrderRefunder {
  refund(method: PaymentMethod, request: { externalRef: string; amount: number; idempotencyKey: string }): Promise<{ providerRef: string; status: "succeeded" | "pending" }>;
}

/** Mails that follow a committed cancellation or refund. */
export interface RefundJobs {
  orderCancelled(order: OrderRow): Promise<void>;
  orderRefunded(order: OrderRow, refundUuid: string): Promise<void>;
}

/** A cancellation refunds once per order: its refund's key. */
const cancellationKey = (orderUuid: string) => `cancel-${orderUuid}`;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const notFound = () => AppError.notFound("ORDER_NOT_FOUND", "There is no such order.", "orderUuid");

export function refundView(row: RefundRow, refundedTotal: number): RefundView {
  return {
    uuid: row.uuid,
    orderUuid: row.orderUuid,
    amount: EUR(row.amount),
    reason: row.reason,
    items: row.items?.map((i) => ({ orderItemUuid: i.orderItemUuid, amount: EUR(i.amount) })) ?? null,
    provider: row.provider,
    providerRef: row.providerRef,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    refundedTotal: EUR(refundedTotal),
  };
}

/**
 * Cancellations and refunds. A refund is counted on its order (locked for the transaction) before
 * the provider is asked, so the order's CHECK refuses whatever would give back more than was paid;
 * a provider that fails rolls the whole refund back, and nothing is counted. Bank-transfer orders'
 * refunds are recorded as outgoing transfers for finance ("to_transfer").
 */
export function createRefundService(
  repo: OrderRepository,
  deps: { refunder: OrderRefunder; clock: () => Date; jobs?: RefundJobs | undefined; visibleOrder: (owner: CartOwner, uuid: string, key?: string) => Promise<OrderRow> },
) {
  type Request = Pick<RefundInput, "amount" | "items" | "reason"> & { idempotencyKey: string; createdBy: string | null };

  /** Amounts per item: each one of the order's, at most what was paid for it less what earlier refunds gave back of it. */
  async function itemAmounts(tx: OrderWriter, order: OrderRow, items: RefundInput["items"]) {
    if (!items) return null;
    const refunded = await tx.refundedPerItem(order.uuid);
    const left = new Map((await tx.itemsOf(order.uuid)).map((i) => [i.uuid, i.price - i.discount - (refunded.get(i.uuid) ?? 0)]));
    const seen = new Set<string>();
    return items.map((item) => {
      const paid = left.get(item.orderItemUuid);
      const amount = item.amount ?? paid;
      if (paid === undefined || seen.has(item.orderItemUuid) || amount === undefined || amount > paid || amount < 1) {
        throw new AppError(409, "REFUND_ITEM_INVALID", "Each item must be one of the order's, once, refunded by at most what was paid for it and not refunded yet.", item.orderItemUuid);
      }
      seen.add(item.orderItemUuid);
      return { orderItemUuid: item.orderItemUuid, amount };
    });
  }

  /** One refund of a locked order; an earlier refund with the same key is answered again. */
  async function refundLocked(tx: OrderWriter, order: OrderRow, request: Request): Promise<{ refund: RefundRow; replayed: boolean; refundedTotal: number }> {
    const earlier = await tx.refundByKey(request.idempotencyKey);
    if (earlier) {
      if (earlier.orderUuid !== order.uuid) throw new AppError(409, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for another order's refund.", "Idempotency-Key");
      return { refund: earlier, replayed: true, refundedTotal: order.refundedTotal };
    }
    const payment = await tx.approvedPayment(order.uuid);
    if (!payment) throw new AppError(409, "ORDER_NOT_PAID", "Nothing was paid for this order, so nothing can be refunded.", "orderUuid");
    const items = await itemAmounts(tx, order, request.items);
    const amount = refundAmount({ amount: request.amount, itemAmounts: items?.map((i) => i.amount) }, order.total, order.refundedTotal);
    if (amount === null) {
      throw new AppError(409, "REFUND_EXCEEDS_PAID", `At most ${order.total - order.refundedTotal} cents are left to refund of this order.`, "amount");
    }
    const toTransfer = payment.provider === "prepayment";
    const recorded = await tx.insertRefund({
      orderUuid: order.uuid,
      amount,
      reason: request.reason,
      items,
      provider: payment.provider,
      status: toTransfer ? "to_transfer" : "pending",
      idempotencyKey: request.idempotencyKey,
      createdBy: request.createdBy,
    });
    const refundedTotal = order.refundedTotal + amount;
    if (toTransfer) return { refund: recorded, replayed: false, refundedTotal };
    // Counted first: the provider is asked only for money the database agreed may go back.
    const sent = await deps.refunder.refund(payment.provider, { externalRef: payment.externalRef ?? payment.uuid, amount, idempotencyKey: request.idempotencyKey });
    return { refund: await tx.setRefundOutcome(recorded.uuid, sent), replayed: false, refundedTotal };
  }

  async function lockedOrder(tx: OrderWriter, uuid: string): Promise<OrderRow> {
    const order = await tx.lockOrder(uuid);
    if (!order) throw notFound();
    return order;
  }

  /** Cancels an order not yet picked; a paid one is refunded in full in the same transaction, its units go back to stock. */
  async function cancel(orderUuid: string, who: { staff: StaffActor; reason: string } | { customer: "customer" | "guest"; reason: string | undefined }): Promise<CancellationView> {
    const staff = "staff" in who ? who.staff : null;
    const outcome = await repo.inTransaction(async (tx) => {
      const order = await lockedOrder(tx, orderUuid);
      if (!mayBeCancelled(order.status, staff ? "staff" : "customer")) throw new AppError(409, "ORDER_NOT_CANCELLABLE", "This order cannot be cancelled (any more).", "orderUuid");
      const actor = staff ? `staff:${staff.email}` : (who as { customer: string }).customer;
      await transition(tx, order, { type: staff ? "cancelled_by_staff" : "cancelled_by_customer" }, actor);
      await tx.setPaymentsOfOrder(order.uuid, "abandoned");
      const left = order.total - order.refundedTotal;
      const paid = left > 0 && (await tx.approvedPayment(order.uuid)) !== undefined;
      const reason = who.reason ?? "Cancelled by the customer";
      const refunded = paid ? await refundLocked(tx, order, { reason, idempotencyKey: cancellationKey(order.uuid), createdBy: staff?.uuid ?? null }) : null;
      if (staff) {
        await tx.audit(staff, {
          action: "order.cancel",
          entityType: "order",
          entityId: order.uuid,
          before: { status: order.status, refundedTotal: order.refundedTotal },
          after: { status: "cancelled", reason, refundedTotal: refunded?.refundedTotal ?? order.refundedTotal, refundUuid: refunded?.refund.uuid ?? null },
        });
      }
      return { order, refunded };
    });
    await deps.jobs?.orderCancelled({ ...outcome.order, status: "cancelled" });
    const { refunded } = outcome;
    return { orderUuid, status: "cancelled", refund: refunded ? refundView(refunded.refund, refunded.refundedTotal) : null };
  }

  return {
    /** Finance refunds all or part of a paid order, once per idempotency key; money going out wants a recent second factor. */
    async refund(actor: StaffActor, orderUuid: string, input: RefundInput, idempotencyKey: string): Promise<IdempotentAnswer<RefundView>> {
      requireRole(actor, "finance");
      requireRecentSecondFactor(actor, deps.clock());
      const outcome = await repo.inTransaction(async (tx) => {
        const order = await lockedOrder(tx, orderUuid);
        const done = await refundLocked(tx, order, { ...input, idempotencyKey, createdBy: actor.uuid });
        if (!done.replayed) {
          await tx.audit(actor, {
            action: "order.refund",
            entityType: "order",
            entityId: order.uuid,
            before: { refundedTotal: order.refundedTotal },
            after: { refundedTotal: done.refundedTotal, refundUuid: done.refund.uuid, amount: done.refund.amount, reason: done.refund.reason, status: done.refund.status },
          });
        }
        return { order, ...done };
      });
      if (!outcome.replayed) await deps.jobs?.orderRefunded(outcome.order, outcome.refund.uuid);
      return { status: outcome.replayed ? 200 : 201, body: refundView(outcome.refund, outcome.refundedTotal), replayed: outcome.replayed };
    },

    /** Fulfilment or support cancel an order before it is picked. */
    async cancelAsStaff(actor: StaffActor, orderUuid: string, reason: string): Promise<CancellationView> {
      requireRole(actor, "fulfilment", "support");
      return cancel(orderUuid, { staff: actor, reason });
    },

    /** The customer cancels their own order (a guest, the order of their browser's cart or of the mail's key); anyone else's is not there. */
    async cancelAsCustomer(owner: CartOwner, orderUuid: string, reason: string | undefined, key?: string): Promise<CancellationView> {
      const order = await deps.visibleOrder(owner, orderUuid, key);
      return cancel(order.uuid, { customer: order.customerUuid ? "customer" : "guest", reason });
    },

    /**
     * A refund inside another module's transaction (a return's or a warranty claim's decision):
     * locked, bounded and recorded like every refund; the caller writes the audit row and the mail.
     */
    async refundWithin(db: Db, orderUuid: string, request: Request): Promise<{ refund: RefundRow; refundedTotal: number; replayed: boolean }> {
      const tx = orderWriterOf(db);
      return refundLocked(tx, await lockedOrder(tx, orderUuid), request);
    },

    async refundRow(uuid: string) {
      return repo.refund(uuid);
    },
    /** The full refund a cancellation made, if the order had been paid. */
    async cancellationRefund(orderUuid: string) {
      return repo.refundByKey(cancellationKey(orderUuid));
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
