import type { Locale } from "../../../domain/i18n/locales.ts";
import { DEFAULT_PAYMENT_TIMEOUT_MINUTES, formatOrderNumber, initialOrderStatus, mayBeCancelled, TRANSFER_DEADLINE_DAYS, vatSchemeOf, type OrderEvent } from "../../../domain/checkout/orders.ts";
import { linePrice, type PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import { normalizeEmail } from "../../../domain/accounts/accounts.ts";
import { unitTax } from "../../../domain/stock/units.ts";
import { AppError } from "../../errors.ts";
import { replayOf, requestHash, type IdempotentAnswer } from "../../idempotency.ts";
import type { CartOwner, CartService, EvaluatedCart } from "../cart/service.ts";
import { shipmentOf } from "./fulfilment-service.ts";
import { isOrderAccessKey } from "./order-access.ts";
import { stockGroups, transition } from "./order-transition.ts";
import type { RefundJobs } from "./refund-service.ts";
import type { OrderRepository, OrderRow } from "./repository.ts";
import type { OrderView, PlacedOrder } from "./schemas.ts";

/** Work that follows a committed change and must not run inside it: mails, timeouts. */
export interface OrderJobs extends RefundJobs {
  orderPlaced(order: OrderRow): Promise<void>;
  orderPaid(order: OrderRow): Promise<void>;
}


const EUR = (amount: number) => ({ amount, currency: "EUR" as const });

/**
 * How long an order waits for its money. Stripe keeps a Checkout Session open for at least 30
 * minutes (ours for up to 36), so its orders wait until the session has surely expired: the units
 * are never freed while the customer can still pay for them.
 */
const STRIPE_SESSION_MAX_MS = 40 * 60_000;
function paymentWindowMs(method: PaymentMethod, timeoutMs: number): number {
  if (method === "prepayment") return TRANSFER_DEADLINE_DAYS * 86_400_000;
  return method === "stripe" ? Math.max(timeoutMs, STRIPE_SESSION_MAX_MS) : timeoutMs;
}


export function createOrderService(
  repo: OrderRepository,
  carts: CartService,
  deps: { clock: () => Date; paymentTimeoutMinutes?: number; jobs?: OrderJobs; accessSecret?: string },
) {
  const timeoutMs = (deps.paymentTimeoutMinutes ?? DEFAULT_PAYMENT_TIMEOUT_MINUTES) * 60_000;

  /** The checks before an order may be placed; each failure tells the storefront what to show. */
  function refuseUnlessReady(evaluated: EvaluatedCart, owner: CartOwner, expected: { total: number; minDays: number; maxDays: number }) {
    if (evaluated.items.length === 0) throw AppError.notFound("CART_EMPTY", "Your cart is empty.", "cart");
    if (evaluated.unavailable.length > 0) {
      throw new AppError(409, "PRODUCT_VARIANT_OUT_OF_STOCK", "An item in your cart sold out in the meantime. Remove it to go on.", evaluated.unavailable[0]);
    }
    if (evaluated.repairs.length > 0) {
      const [first] = evaluated.repairs;
      throw new AppError(409, first!, "Your cart was adjusted. Check it and place the order again.", "cart");
    }
    if (!evaluated.cart.billingAddress || !evaluated.cart.deliveryAddress) throw new AppError(409, "ADDRESS_MISSING", "Enter your address first.", "billingAddress");
    if (!owner.customer && !evaluated.cart.email) throw new AppError(409, "EMAIL_REQUIRED", "Enter your e-mail address first.", "email");
    if (!evaluated.choices.paymentMethod) throw new AppError(409, "PAYMENT_METHOD_MISSING", "Choose how to pay first.", "paymentMethod");
    if (evaluated.dispatch.min !== expected.minDays || evaluated.dispatch.max !== expected.maxDays) {
      throw new AppError(409, "ORDER_PROMISE_CHANGED", "The delivery time changed. Check it and place the order again.", "cart");
    }
    if (evaluated.totals.total !== expected.total) throw new AppError(409, "ORDER_TOTAL_CHANGED", "The total changed. Check it and place the order again.", "expectedTotal");
  }

  async function place(owner: CartOwner, input: { expectedTotal: number; expectedDispatch: { min: number; max: number } }, key: string, locale: Locale): Promise<IdempotentAnswer<PlacedOrder>> {
    const cart = await carts.findCart(owner);
    const scope = `place-order:${owner.customer?.uuid ?? cart?.uuid ?? "none"}`;
    const hash = requestHash(input);
    const earlier = await repo.idempotentResponse(scope, key);
    if (earlier) return replay(earlier, hash);
    if (!cart) throw AppError.notFound("CART_EMPTY", "Your cart is empty.", "cart");

    // Placing again (back from the payment page) replaces the order whose card payment is still open,
    // before the cart is checked: its units count as this cart's again.
    await repo.inTransaction(async (tx) => {
      for (const open of await tx.openPaymentsOfCart(cart.uuid)) await transition(tx, open, { type: "superseded" }, "customer");
    });
    const evaluated = await carts.evaluate(cart, owner.customer?.email ?? cart.email);
    try {
      refuseUnlessReady(evaluated, owner, { total: input.expectedTotal, minDays: input.expectedDispatch.min, maxDays: input.expectedDispatch.max });
    } catch (error) {
      // The same key's first request may have finished meanwhile (and emptied the cart): its answer counts.
      const finished = await repo.idempotentResponse(scope, key);
      if (finished) return replay(finished, hash);
      throw error;
    }
    const now = deps.clock();
    const method = evaluated.choices.paymentMethod!;
    const email = normalizeEmail(owner.customer?.email ?? cart.email!);

    const outcome = await repo.inTransaction(async (tx) => {
      const claimed = await tx.claimIdempotencyKey(scope, key, hash);
      if (claimed) return { kind: "replay" as const, row: claimed };
      // Two tabs placing from one cart at once take turns here; the second finds the first's order.
      await tx.lockCart(cart.uuid);
      for (const open of await tx.openPaymentsOfCart(cart.uuid)) await transition(tx, open, { type: "superseded" }, "customer");
      const linesNow = new Set(await tx.cartItemUuids(cart.uuid));
      if (linesNow.size !== evaluated.items.length || evaluated.items.some((i) => !linesNow.has(i.uuid))) {
        throw new AppError(409, "CART_CHANGED", "Your cart changed while the order was being placed (another window?). Check it and order again.", "cart");
      }
      const items = evaluated.items.map((item, i) => ({
        productId: item.productId,
        name: item.name,
        label: item.label,
        withFullBattery: item.withFullBattery,
        price: linePrice(evaluated.lines[i]!),
        discount: evaluated.discounts[i] ?? 0,
        vatScheme: vatSchemeOf(item.label),
      }));
      const status = initialOrderStatus(method);
      const deadline = new Date(now.getTime() + paymentWindowMs(method, timeoutMs));
      const order = await tx.insertOrder({
        number: formatOrderNumber(await tx.nextOrderSequence(), now),
        customerUuid: owner.customer?.uuid ?? null,
        cartUuid: cart.uuid,
        email,
        locale,
        status,
        paymentMethod: method,
        deliveryMethod: evaluated.choices.deliveryMethod,
        billingAddress: cart.billingAddress!,
        deliveryAddress: cart.deliveryAddress!,
        couponCode: evaluated.coupon?.code ?? null,
        itemsTotal: evaluated.totals.itemsTotal,
        discountTotal: evaluated.totals.discountTotal,
        insurancePrice: evaluated.totals.insurance,
        shippingPrice: evaluated.totals.shipping,
        total: evaluated.totals.total,
        dispatchDaysMin: evaluated.dispatch.min,
        dispatchDaysMax: evaluated.dispatch.max,
        paymentDeadline: deadline.toISOString(),
        placedAt: now.toISOString(),
      });
      const inserted = await tx.insertItems(items.map((i) => ({ ...i, orderUuid: order.uuid })));
      // Each item gets its own unit now; with it the margin and its VAT are fixed (§25a UStG).
      for (const group of stockGroups(inserted)) {
        const reserved = await tx.reserveUnits(group.key, group.items.map((i) => ({ orderItemUuid: i.uuid, withFullBattery: i.withFullBattery })), { event: "reserved", actor: owner.customer ? "customer" : "guest", detail: { order: order.number } });
        if (!reserved) {
          throw new AppError(409, "PRODUCT_VARIANT_OUT_OF_STOCK", `Grade ${group.key.grade} of this product sold out while you were checking out.`, String(group.key.productId));
        }
        const byItem = new Map(group.items.map((i) => [i.uuid, i]));
        await tx.setItemUnits(
          reserved.map((r) => {
            const item = byItem.get(r.orderItemUuid)!;
            return { ...r, ...unitTax(item.vatScheme, item.price - item.discount, r.purchasePrice) };
          }),
        );
      }
      await tx.recordLegalAcceptance({ orderUuid: order.uuid });
      await tx.insertEvent({ orderUuid: order.uuid, fromStatus: null, toStatus: status, event: "placed", actor: owner.customer ? "customer" : "guest" });
      // A bank-transfer order is settled as far as the customer is concerned: its items leave the cart now.
      if (method === "prepayment") await tx.removeOrderedFromCart(cart.uuid, inserted);
      if (evaluated.coupon && !(await tx.redeemCoupon(evaluated.coupon.code, email, order.uuid, evaluated.coupon.oncePerCustomer))) {
        throw new AppError(409, "COUPON::ALREADY_USED", "You have used this coupon already.", "couponCode");
      }
      const payment = await tx.insertPayment({ orderUuid: order.uuid, provider: method, amount: order.total });
      const body: PlacedOrder = {
        orderUuid: order.uuid,
        number: order.number,
        status,
        totalPrice: EUR(order.total),
        redirectUrl: method === "prepayment" ? `/checkout/order/index/id/${order.uuid}` : `/api/payments/${payment.uuid}/start`,
      };
      await tx.storeIdempotentResponse(scope, key, 201, body);
      return { kind: "placed" as const, order, body };
    });
    if (outcome.kind === "replay") return replay(outcome.row, hash);
    if (owner.customer) await repo.saveAddresses(owner.customer.uuid, [cart.billingAddress!, cart.deliveryAddress!]);
    await deps.jobs?.orderPlaced(outcome.order);
    return { status: 201, body: outcome.body, replayed: false };
  }

  const replay = (row: Parameters<typeof replayOf>[0], hash: string) => replayOf<PlacedOrder>(row, hash);

  /** Who may see an order: its customer, the browser whose cart placed it (guests), or whoever has the key from its mail's link. */
  async function visibleOrder(owner: CartOwner, uuid: string, key?: string): Promise<OrderRow> {
    const order = await repo.order(uuid);
    if (order && deps.accessSecret && isOrderAccessKey(deps.accessSecret, order.uuid, key)) return order;
    // A guest order stays with its cart, which joins the account's at login.
    const cart = order && !order.customerUuid ? await carts.findCart(owner) : undefined;
    const mine = order && (order.customerUuid ? order.customerUuid === owner.customer?.uuid : order.cartUuid !== null && order.cartUuid === cart?.uuid);
    if (!order || !mine) throw AppError.notFound("ORDER_NOT_FOUND", "There is no such order.", "orderUuid");
    return order;
  }

  async function toView(order: OrderRow): Promise<OrderView> {
    const [items, events] = await Promise.all([repo.itemsWithImages(order.uuid), repo.events(order.uuid)]);
    return {
      orderUuid: order.uuid,
      number: order.number,
      status: order.status,
      placedAt: order.placedAt,
      email: order.email,
      paymentMethod: order.paymentMethod,
      deliveryMethod: order.deliveryMethod,
      paymentDeadline: order.paymentDeadline,
      billingAddress: order.billingAddress,
      deliveryAddress: order.deliveryAddress,
      couponCode: order.couponCode,
      minDaysUntilDispatch: order.dispatchDaysMin,
      maxDaysUntilDispatch: order.dispatchDaysMax,
      items: items.map((i) => ({
        uuid: i.uuid,
        product: { id: i.productId, name: i.name, slug: i.slug, imageUrl: i.imageUrl },
        variant: { label: i.label },
        withFullBattery: i.withFullBattery,
        price: EUR(i.price),
        discount: EUR(i.discount),
        vatScheme: i.vatScheme,
      })),
      totals: { items: EUR(order.itemsTotal), discount: EUR(order.discountTotal), insurance: EUR(order.insurancePrice), shipping: EUR(order.shippingPrice) },
      totalPrice: EUR(order.total),
      refundedTotal: EUR(order.refundedTotal),
      cancellable: mayBeCancelled(order.status, "customer"),
      shipment: shipmentOf(order),
      timeline: events.map((e) => ({ status: e.toStatus, event: e.event, at: e.at })),
    };
  }

  return {
    place,
    toView,
    visibleOrder,

    async view(owner: CartOwner, uuid: string, key?: string): Promise<OrderView> {
      return toView(await visibleOrder(owner, uuid, key));
    },

    async list(customer: { uuid: string }, page: number, pageSize = 10) {
      const { rows, total } = await repo.ordersOfCustomer(customer.uuid, (page - 1) * pageSize, pageSize);
      return {
        orders: rows.map(({ order, itemCount }) => ({
          orderUuid: order.uuid,
          number: order.number,
          status: order.status,
          placedAt: order.placedAt,
          itemCount,
          totalPrice: EUR(order.total),
        })),
        page,
        pageSize,
        total,
      };
    },

    /**
     * Applies a provider's verdict on a payment, from the customer's return or the provider's
     * notification, whichever comes first; the second finds the order settled and changes nothing.
     */
    async settlePayment(paymentUuid: string, result: "approved" | "declined" | "abandoned", actor: string) {
      const payment = await repo.payment(paymentUuid);
      if (!payment) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "payment");
      const settled = await repo.inTransaction(async (tx) => {
        const order = (await tx.lockOrder(payment.orderUuid))!;
        const event: OrderEvent = { type: result === "approved" ? "payment_approved" : result === "declined" ? "payment_declined" : "payment_abandoned" };
        const next = await transition(tx, order, event, actor);
        if (next) await tx.setPaymentStatus(payment.uuid, result);
        else if (result === "approved" && order.status === "cancelled" && payment.status !== "approved") {
          // Money for an order already cancelled: recorded, so the back-office refunds it.
          await tx.setPaymentStatus(payment.uuid, "approved");
          await tx.insertEvent({ orderUuid: order.uuid, fromStatus: order.status, toStatus: order.status, event: "payment_after_cancellation", actor });
        }
        return { order, next };
      });
      if (settled.next === "paid") await deps.jobs?.orderPaid({ ...settled.order, status: "paid" });
      const order = (await repo.order(payment.orderUuid))!;
      return { orderUuid: order.uuid, status: order.status, changed: settled.next !== null };
    },

    /** Bank transfer matched to the order (the back-office books it). */
    async recordTransfer(orderUuid: string, actor: string) {
      const outcome = await repo.inTransaction(async (tx) => {
        const order = await tx.lockOrder(orderUuid);
        if (!order) throw AppError.notFound("ORDER_NOT_FOUND", "There is no such order.", "orderUuid");
        const next = await transition(tx, order, { type: "transfer_received" }, actor);
        if (next) await tx.setPaymentsOfOrder(orderUuid, "approved");
        return { order, next };
      });
      if (outcome.next === "paid") await deps.jobs?.orderPaid({ ...outcome.order, status: "paid" });
      return outcome.next;
    },

    /** Cancels open orders past their payment deadline and frees their units; returns how many. */
    async expireOverdue(limit = 100): Promise<number> {
      const now = deps.clock();
      let expired = 0;
      for (const candidate of await repo.overdueOrders(now, limit)) {
        const done = await repo.inTransaction(async (tx) => {
          const order = await tx.lockOrder(candidate.uuid);
          if (!order || new Date(order.paymentDeadline) > now) return false;
          const next = await transition(tx, order, { type: order.status === "awaiting_transfer" ? "transfer_overdue" : "payment_expired" }, "system");
          if (next) await tx.setPaymentsOfOrder(order.uuid, "expired");
          return next !== null;
        });
        if (done) expired += 1;
      }
      return expired;
    },

    async payment(uuid: string) {
      return repo.payment(uuid);
    },
    /** Each item's unit's IMEI or serial, for the delivery note and the shipped mail. */
    async unitIdentifiers(orderUuid: string): Promise<Map<string, string | null>> {
      return new Map((await repo.unitsOfOrder(orderUuid)).map((u) => [u.itemUuid, u.identifier]));
    },
    async order(uuid: string) {
      return repo.order(uuid);
    },
    setPaymentRedirect: repo.setPaymentRedirect,
    paymentByExternalRef: repo.paymentByExternalRef,
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
