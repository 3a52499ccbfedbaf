import { isShippingCarrier, parseTrackingNumber, trackingUrl, type ShippingCarrier } from "../../../domain/checkout/carriers.ts";
import { ASSUMED_DELIVERY_DAYS, dispatchDeadline, dispatchUrgency, pickRefusal } from "../../../domain/checkout/fulfilment.ts";
import { FULFILMENT_STATUSES } from "../../../domain/checkout/orders.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { normalizeIdentifier, unitIdOfLabel, unitLabel, unitTax } from "../../../domain/stock/units.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { transition } from "./order-transition.ts";
import type { OrderRepository, OrderRow, OrderWriter } from "./repository.ts";
import type { OpsOrder, OpsOrderList, OpsOrderListQuery, OpsShipInput } from "./fulfilment-schemas.ts";

/** Work that follows a committed fulfilment step: the customer's mails. */
export interface FulfilmentJobs {
  orderShipped(order: OrderRow): Promise<void>;
  orderDelivered(order: OrderRow): Promise<void>;
}

const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
/** Who looks at orders in the back-office: the warehouse, and those who answer customers and book money. */
const ORDER_READERS: StaffRole[] = ["fulfilment", "support", "finance"];
const PICK_REFUSALS = {
  WRONG_PRODUCT: "This unit is another product than the item ordered.",
  WRONG_GRADE: "This unit has another grade than the item ordered.",
  NO_FULL_BATTERY: "The customer bought a new battery: take a unit that has one.",
  UNIT_NOT_AVAILABLE: "This unit is not in stock (held for another order, in repair or gone).",
} as const;

const orderNotFound = () => AppError.notFound("ORDER_NOT_FOUND", "There is no such order.", "orderUuid");
const notAllowed = (status: string, step: string) => new AppError(409, "ORDER_TRANSITION_NOT_ALLOWED", `This order is ${status}: it cannot be ${step} now.`, "orderUuid");
const actorName = (actor: StaffActor) => `staff:${actor.email}`;

/** A scanned or typed unit label or IMEI. */
function codeOf(text: string) {
  return { unitId: unitIdOfLabel(text), identifier: normalizeIdentifier(text) };
}

/** The parcel as the customer and staff see it: carrier, tracking number and link, when it left and arrived. */
export function shipmentOf(order: OrderRow) {
  if (!order.carrier || !order.trackingNumber || !order.shippedAt || !isShippingCarrier(order.carrier)) return null;
  return {
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber, resolveLocale(order.locale)),
    shippedAt: new Date(order.shippedAt).toISOString(),
    deliveredAt: order.deliveredAt ? new Date(order.deliveredAt).toISOString() : null,
  };
}

/**
 * The warehouse's side of an order: the queue of paid orders by their dispatch promise, picking by
 * scanning each unit (the unit at hand of the same product and grade may take the reserved one's
 * place), shipping with carrier and tracking number, and delivery — reported, or assumed after a
 * set time. Each step is a transition of the order's state machine, recorded in its timeline.
 */
export function createFulfilmentService(repo: OrderRepository, deps: { clock: () => Date; jobs?: FulfilmentJobs | undefined }) {
  function promise(order: OrderRow, paidAt: string | null, now: Date) {
    if (!paidAt) return { dispatchDeadline: null, urgency: null };
    const deadline = dispatchDeadline(new Date(paidAt), order.dispatchDaysMax);
    const waiting = order.status === "paid" || order.status === "picked";
    return { dispatchDeadline: deadline.toISOString(), urgency: waiting ? dispatchUrgency(deadline, now) : null };
  }

  async function view(uuid: string): Promise<OpsOrder> {
    const order = await repo.order(uuid);
    if (!order) throw orderNotFound();
    const [items, units, events, paidAt] = await Promise.all([repo.itemsOf(uuid), repo.unitsOfOrder(uuid), repo.events(uuid), repo.paidAtOf(uuid)]);
    const unitOf = new Map(units.map((u) => [u.itemUuid, u]));
    return {
      uuid: order.uuid,
      number: order.number,
      status: order.status,
      email: order.email,
      locale: order.locale,
      placedAt: new Date(order.placedAt).toISOString(),
      paidAt: paidAt ? new Date(paidAt).toISOString() : null,
      ...promise(order, paidAt, deps.clock()),
      paymentMethod: order.paymentMethod,
      deliveryMethod: order.deliveryMethod,
      billingAddress: order.billingAddress,
      deliveryAddress: order.deliveryAddress,
      total: EUR(order.total),
      refundedTotal: EUR(order.refundedTotal),
      items: items.map((item) => {
        const unit = unitOf.get(item.uuid);
        return {
          uuid: item.uuid,
          productId: item.productId,
          name: item.name,
          grade: item.label,
          withFullBattery: item.withFullBattery,
          price: EUR(item.price - item.discount),
          unit: unit ? { id: unit.id, label: unitLabel(unit.id), identifier: unit.identifier, location: unit.location, status: unit.status, fullBattery: unit.fullBattery } : null,
        };
      }),
      shipment: shipmentOf(order),
      timeline: events.map((e) => ({ status: e.toStatus, event: e.event, actor: e.actor, at: new Date(e.at).toISOString() })),
    };
  }

  async function lockedOrder(tx: OrderWriter, uuid: string): Promise<OrderRow> {
    const order = await tx.lockOrder(uuid);
    if (!order) throw orderNotFound();
    return order;
  }

  /** Delivered: the order's last step; the customer's mail follows the commit. */
  async function deliver(uuid: string, actor: string, now: Date): Promise<boolean> {
    const delivered = await repo.inTransaction(async (tx) => {
      const order = await lockedOrder(tx, uuid);
      if (!(await transition(tx, order, { type: "delivered" }, actor))) return null;
      await tx.setDelivered(order.uuid, now);
      return order;
    });
    if (delivered) await deps.jobs?.orderDelivered({ ...delivered, status: "delivered" });
    return delivered !== null;
  }

  return {
    view: async (actor: StaffActor, uuid: string) => {
      requireRole(actor, ...ORDER_READERS);
      return view(uuid);
    },

    async list(actor: StaffActor, query: OpsOrderListQuery): Promise<OpsOrderList> {
      requireRole(actor, ...ORDER_READERS);
      const page = query.page ?? 1;
      const now = deps.clock();
      const refundDue = query.attention === "refund_due";
      const statuses = refundDue ? (["cancelled"] as const) : query.status ? [query.status] : FULFILMENT_STATUSES;
      const { rows, total } = await repo.opsOrders({ statuses, search: query.q, refundDue }, (page - 1) * PAGE_SIZE, PAGE_SIZE);
      return {
        orders: rows.map(({ order, paidAt, itemCount }) => ({
          uuid: order.uuid,
          number: order.number,
          status: order.status,
          email: order.email,
          placedAt: new Date(order.placedAt).toISOString(),
          paidAt: paidAt ? new Date(paidAt).toISOString() : null,
          ...promise(order, paidAt, now),
          itemCount,
          total: EUR(order.total),
          deliveryMethod: order.deliveryMethod,
        })),
        page,
        pageSize: PAGE_SIZE,
        total,
      };
    },

    /**
     * One scan at the shelf: the unit goes into the parcel for the item. Its own reserved unit, or
     * another in stock of the same product and grade, which then takes the reserved one's place (and
     * the item's margin follows its cost). The last item picked picks the order.
     */
    async pick(actor: StaffActor, uuid: string, input: { itemUuid: string; code: string }): Promise<OpsOrder> {
      requireRole(actor, "fulfilment");
      await repo.inTransaction(async (tx) => {
        const order = await lockedOrder(tx, uuid);
        if (order.status !== "paid") throw notAllowed(order.status, "picked");
        const items = await tx.itemsOf(order.uuid);
        const item = items.find((i) => i.uuid === input.itemUuid);
        if (!item) throw AppError.notFound("ORDER_ITEM_NOT_FOUND", "This item is not part of the order.", "itemUuid");
        const held = (await tx.unitsOfItems(items.map((i) => i.uuid))).filter((u) => u.status === "reserved" || u.status === "picked");
        const scanned = await tx.lockUnitByCode(codeOf(input.code));
        if (!scanned) throw AppError.notFound("UNIT_NOT_FOUND", "No unit has this label or IMEI.", "code");
        const refusal = pickRefusal({ uuid: item.uuid, productId: item.productId, grade: item.label, withFullBattery: item.withFullBattery }, scanned);
        if (refusal) throw new AppError(409, "UNIT_DOES_NOT_MATCH", PICK_REFUSALS[refusal], "code");
        const reserved = held.find((u) => u.orderItemUuid === item.uuid);
        const move = { event: "picked", actor: actorName(actor), detail: { order: order.number } };
        await tx.pickUnit(item.uuid, scanned, reserved, move);
        if (reserved?.id !== scanned.id) {
          await tx.setItemUnits([{ orderItemUuid: item.uuid, unitId: scanned.id, purchasePrice: scanned.purchasePrice, ...unitTax(item.vatScheme, item.price - item.discount, scanned.purchasePrice) }]);
        }
        await tx.audit(actor, {
          action: "order.pick",
          entityType: "order",
          entityId: order.uuid,
          before: { item: item.uuid, unit: reserved ? unitLabel(reserved.id) : null },
          after: { item: item.uuid, unit: unitLabel(scanned.id) },
        });
        const pickedItems = new Set([...held.filter((u) => u.status === "picked" && u.id !== reserved?.id).map((u) => u.orderItemUuid), item.uuid]);
        if (items.every((i) => pickedItems.has(i.uuid))) await transition(tx, order, { type: "picked" }, actorName(actor));
      });
      return view(uuid);
    },

    /** The parcel leaves: carrier and tracking number recorded, the units shipped, the customer mailed with the tracking link. */
    async ship(actor: StaffActor, uuid: string, input: OpsShipInput): Promise<OpsOrder> {
      requireRole(actor, "fulfilment");
      const trackingNumber = parseTrackingNumber(input.carrier, input.trackingNumber);
      if (!trackingNumber) throw new AppError(400, "TRACKING_NUMBER_INVALID", `This is not a ${input.carrier.toUpperCase()} tracking number.`, "body.trackingNumber");
      const now = deps.clock();
      const shipped = await repo.inTransaction(async (tx) => {
        const order = await lockedOrder(tx, uuid);
        if (order.status !== "picked") throw notAllowed(order.status, "shipped");
        await transition(tx, order, { type: "shipped" }, actorName(actor));
        await tx.setShipment(order.uuid, { carrier: input.carrier, trackingNumber, shippedAt: now });
        await tx.shipUnits((await tx.itemsOf(order.uuid)).map((i) => i.uuid), { event: "shipped", actor: actorName(actor), detail: { order: order.number, carrier: input.carrier, trackingNumber } });
        await tx.audit(actor, { action: "order.ship", entityType: "order", entityId: order.uuid, before: { status: order.status }, after: { status: "shipped", carrier: input.carrier, trackingNumber } });
        return order;
      });
      await deps.jobs?.orderShipped({ ...shipped, status: "shipped" });
      return view(uuid);
    },

    /** The carrier reports the parcel delivered (staff enter it from the carrier's notice). */
    async deliver(actor: StaffActor, uuid: string): Promise<OpsOrder> {
      requireRole(actor, "fulfilment", "support");
      const order = await repo.order(uuid);
      if (!order) throw orderNotFound();
      if (!(await deliver(uuid, actorName(actor), deps.clock()))) throw notAllowed(order.status, "delivered");
      return view(uuid);
    },

    /** The carrier's webhook says a parcel was delivered: its order is, when it is shipped. Whether one matched. */
    async carrierDelivered(carrier: ShippingCarrier, trackingNumber: string, at: Date | undefined): Promise<boolean> {
      const number = parseTrackingNumber(carrier, trackingNumber) ?? trackingNumber;
      const order = await repo.shippedByTracking(carrier, number);
      return order ? deliver(order.uuid, `carrier:${carrier}`, at ?? deps.clock()) : false;
    },

    /** Parcels the carrier never reported: delivered once the set time has passed since shipping. How many. */
    async deliverAssumed(days = ASSUMED_DELIVERY_DAYS, limit = 100): Promise<number> {
      const now = deps.clock();
      let delivered = 0;
      for (const { uuid } of await repo.shippedBefore(new Date(now.getTime() - days * DAY_MS), limit)) {
        if (await deliver(uuid, "system", now)) delivered += 1;
      }
      return delivered;
    },

    /** The order and what its documents show, for the label and the delivery note. */
    async documentSource(actor: StaffActor, uuid: string): Promise<{ order: OrderRow; view: OpsOrder }> {
      requireRole(actor, "fulfilment");
      const order = await repo.order(uuid);
      if (!order) throw orderNotFound();
      return { order, view: await view(uuid) };
    },
  };
}
export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
export type { ShippingCarrier };
