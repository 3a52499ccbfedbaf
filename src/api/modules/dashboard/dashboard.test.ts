import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../../db/client.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { dispatchDeadline, dispatchUrgency } from "../../../domain/checkout/fulfilment.ts";
import { ageBucketIndex, QUEUE_AGE_STARTS, STOCK_AGE_STARTS } from "../../../domain/dashboard/dashboard.ts";
import { shopDayIso, shopDayStart } from "../../../domain/dates.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { GOOD_BOOK_CHECKLIST, PERFECT_PHONE_CHECKLIST, sellFixtures } from "../../../test/sell-fixtures.ts";
import { shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { dispatchDeadlineSql, type DashboardRepository } from "./repository.ts";
import { createDashboardService } from "./service.ts";
import type { OpsDashboard } from "./schemas.ts";

const { app, database } = setupTestApp();
const shop = shopFixtures(app, database);
const fixtures = sellFixtures(app, database);
const { call, codeOf } = fixtures;
const DAY_MS = 86_400_000;
/** A time as milliseconds since 1970, whichever driver reads it. */
const epochMs = (time: SQL) => sql`(extract(epoch from ${time}) * 1000)::float8`;

const members = new Map<string, Promise<Cookies>>();
function member(...roles: StaffRole[]): Promise<Cookies> {
  const key = roles.join("-");
  if (!members.has(key)) members.set(key, newStaffMember(fixtures, database(), `dashboard-${key}@example.com`, roles));
  return members.get(key)!.then((c) => ({ ...c }));
}
const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(database().db, query);
async function dashboard(who: Cookies, query = ""): Promise<OpsDashboard> {
  const res = await call("GET", `/api/ops/dashboard${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let orders = 0;
/** One unit of a fresh product ordered by a new customer, paid by the sandbox unless told otherwise. */
async function placedOrder(options: { method?: "sandbox" | "prepayment"; pay?: boolean } = {}) {
  const n = ++orders;
  const email = `dashboard-buyer-${n}@example.com`;
  const method = options.method ?? "sandbox";
  const cookies = await fixtures.newCustomer(email);
  const { body } = await shop.readyCart(await shop.freshProduct(2), cookies, method, email);
  const placed = await shop.place(cookies, body, `dashboard-order-${n}`);
  expect(placed.statusCode, placed.body).toBe(201);
  if (method === "sandbox" && options.pay !== false) await shop.paySandbox(placed.json().redirectUrl);
  return { uuid: placed.json().orderUuid as string, cookies };
}
async function picked<T extends { uuid: string }>(order: T) {
  const desk = await member("fulfilment");
  const [item] = (await call("GET", `/api/ops/orders/${order.uuid}`, desk)).json().items;
  expect((await call("POST", `/api/ops/orders/${order.uuid}/pick`, desk, { itemUuid: item.uuid, code: item.unit.label })).statusCode).toBe(200);
  return { ...order, itemUuid: item.uuid as string };
}
async function delivered<T extends { uuid: string }>(order: T) {
  const desk = await member("fulfilment");
  const done = await picked(order);
  expect((await call("POST", `/api/ops/orders/${order.uuid}/ship`, desk, { carrier: "dhl", trackingNumber: "003404341234567890" })).statusCode).toBe(200);
  expect((await call("POST", `/api/ops/orders/${order.uuid}/delivered`, desk)).statusCode).toBe(200);
  return done;
}
/** Moves an order's payment back in time, as if it had been paid that long ago. */
const paidAgo = (uuid: string, interval: string) => database().db.execute(sql`update order_events set at = at - ${interval}::interval where order_uuid = ${uuid} and to_status = 'paid'`);

let sales = 0;
type SaleView = { status: string; items: { uuid: string; version: number; questionSet: string }[] };
/** A new seller's sale of a phone and a book, its parcel received when asked; inspected item by item with the checklists given. */
async function sale(options: { received?: boolean; phone?: Record<string, string | number>; book?: Record<string, string | number> } = {}) {
  const { seller, uuid } = await fixtures.soldPhoneAndBook(`dashboard-seller-${++sales}@example.com`);
  if (!options.received) return { seller, uuid };
  const desk = await member("receiving");
  const grader = await member("grading");
  let view: SaleView = (await call("POST", `/api/ops/sales/${uuid}/receive`, desk, {})).json();
  const item = (media: boolean) => view.items.find((i) => (i.questionSet === "media") === media)!;
  for (const [checklist, media] of [
    [options.phone, false],
    [options.book, true],
  ] as const) {
    if (!checklist) continue;
    const res = await call("POST", `/api/ops/sales/${uuid}/items/${item(media).uuid}/inspection`, grader, { version: item(media).version, checklist });
    expect(res.statusCode, res.body).toBe(200);
    view = res.json();
  }
  return { seller, uuid, status: view.status };
}

/**
 * A day of the shop's work, made through the API as customers, sellers and staff make it, with
 * some of it moved back in time: orders waiting at each step (one paid long ago), one cancelled,
 * one not paid, one paid by bank transfer and partly refunded; returns and claims at each step;
 * trade-ins waiting, inspected, counteroffered, accepted, declined and paid out in a batch.
 */
async function seedDay() {
  await placedOrder();
  const lateToPick = await placedOrder();
  await paidAgo(lateToPick.uuid, "12 days 2 hours");
  const oldToPick = await placedOrder();
  await paidAgo(oldToPick.uuid, "40 days");
  await picked(await placedOrder());
  const deliveredToday = await delivered(await placedOrder());
  const cancelled = await placedOrder();
  expect((await call("POST", `/api/orders/${cancelled.uuid}/cancel`, cancelled.cookies, {})).statusCode).toBe(200);
  await placedOrder({ pay: false });
  const transfer = await placedOrder({ method: "prepayment" });
  const { createServices } = await import("../../services.ts");
  const { loadConfig } = await import("../../../config.ts");
  const services = createServices(database().db, { config: loadConfig({ NODE_ENV: "test" }), version: "test", mailer: { send: async () => {} } });
  expect(await services.orders.recordTransfer(transfer.uuid, "staff:finance")).toBe("paid");
  const refund = await call("POST", `/api/ops/orders/${transfer.uuid}/refunds`, await member("finance"), { reason: "Kratzer", amount: 5_000 }, { "idempotency-key": "dashboard-refund-1" });
  expect(refund.json()).toMatchObject({ status: "to_transfer" });

  // Returns: two requested (one past its send-by date), one received; claims: one open, one in repair.
  const returned = async (order: { uuid: string; cookies: Cookies; itemUuid: string }) => {
    const res = await call("POST", `/api/orders/${order.uuid}/returns`, order.cookies, { items: [{ orderItemUuid: order.itemUuid, reason: "changed_mind" }] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { uuid: string; number: string };
  };
  await returned(deliveredToday);
  const overdue = await returned(await delivered(await placedOrder()));
  await database().db.execute(sql`update returns set send_by = now() - interval '1 day' where uuid = ${overdue.uuid}`);
  const received = await returned(await delivered(await placedOrder()));
  expect((await call("POST", "/api/ops/returns/receive", await member("receiving"), { label: received.number })).statusCode).toBe(200);
  const claim = async (order: { uuid: string; cookies: Cookies; itemUuid: string }, remedy: string) => {
    const res = await call("POST", `/api/orders/${order.uuid}/warranty-claims`, order.cookies, { orderItemUuid: order.itemUuid, description: "Das Display flackert.", remedy });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { uuid: string };
  };
  await claim(await delivered(await placedOrder()), "replacement");
  const repair = await claim(await delivered(await placedOrder()), "repair");
  expect((await call("POST", `/api/ops/warranty-claims/${repair.uuid}/decision`, await member("support"), { decision: "repair" })).json().status).toBe("in_repair");

  // Trade-ins: waiting for the parcel (one for four days), received (one two days ago), in inspection, decided every way.
  const waitingLong = await sale();
  await database().db.execute(sql`update sales set created_at = created_at - interval '4 days 3 hours' where uuid = ${waitingLong.uuid}`);
  await sale();
  const receivedEarlier = await sale({ received: true });
  await database().db.execute(sql`update sales set received_at = received_at - interval '2 days 1 hour' where uuid = ${receivedEarlier.uuid}`);
  expect((await sale({ received: true, phone: PERFECT_PHONE_CHECKLIST })).status).toBe("in_inspection");
  expect((await sale({ received: true, phone: PERFECT_PHONE_CHECKLIST, book: GOOD_BOOK_CHECKLIST })).status).toBe("offer_confirmed");
  const countered = await sale({ received: true, phone: { ...PERFECT_PHONE_CHECKLIST, display: "visible" }, book: GOOD_BOOK_CHECKLIST });
  expect(countered.status).toBe("counteroffer");
  expect((await call("POST", `/api/sales/${countered.uuid}/counteroffer/accept`, countered.seller)).json().status).toBe("offer_confirmed");
  const declined = await sale({ received: true, phone: { ...PERFECT_PHONE_CHECKLIST, activationLockOff: "no" }, book: GOOD_BOOK_CHECKLIST });
  expect((await call("POST", `/api/sales/${declined.uuid}/counteroffer/decline`, declined.seller)).json().status).toBe("returned");
  const batched = await sale({ received: true, phone: PERFECT_PHONE_CHECKLIST, book: GOOD_BOOK_CHECKLIST });
  const batch = await call("POST", "/api/ops/payout-batches", await member("finance"), { saleUuids: [batched.uuid] });
  expect(batch.statusCode, batch.body).toBe(201);

  // Stock of every age: some units came in a month, a quarter and half a year ago.
  await database().db.execute(sql`update units set received_at = received_at - interval '45 days' where status = 'in_stock' and id % 7 = 1`);
  await database().db.execute(sql`update units set received_at = received_at - interval '120 days' where status = 'in_stock' and id % 7 = 2`);
  await database().db.execute(sql`update units set received_at = received_at - interval '400 days' where status = 'in_stock' and id % 7 = 3`);
}

/** What the test counts itself from the rows the day left, at the dashboard's time. */
async function countedFromRows(now: Date, days: number) {
  const from = shopDayIso(new Date(now.getTime() - (days - 1) * DAY_MS));
  const since = shopDayStart(from);

  const waiting = await rows<{ status: "paid" | "picked"; promised: number; paid_at: number }>(
    sql`select o.status::text as status, o.dispatch_days_max as promised, ${epochMs(sql`(select min(e.at) from order_events e where e.order_uuid = o.uuid and e.to_status = 'paid')`)} as paid_at from orders o where o.status in ('paid', 'picked')`,
  );
  const queue = (status: "paid" | "picked") => {
    const counts = { late: 0, atRisk: 0, onTime: 0 };
    for (const order of waiting.filter((o) => o.status === status)) {
      const urgency = dispatchUrgency(dispatchDeadline(new Date(order.paid_at), order.promised), now);
      counts[urgency === "late" ? "late" : urgency === "at_risk" ? "atRisk" : "onTime"] += 1;
    }
    return counts;
  };

  const saleRows = await rows<{ status: string; since: number }>(sql`select status::text as status, ${epochMs(sql`coalesce(received_at, created_at)`)} as since from sales`);
  const ageBucketsOf = (status: string) => {
    const counts = QUEUE_AGE_STARTS.map(() => 0);
    for (const s of saleRows.filter((r) => r.status === status)) counts[ageBucketIndex((now.getTime() - s.since) / DAY_MS, QUEUE_AGE_STARTS)]! += 1;
    return counts;
  };

  const stockRows = await rows<{ grade: Grade; received_at: number; purchase_price: number }>(sql`select grade::text as grade, ${epochMs(sql`received_at`)} as received_at, purchase_price from units where status = 'in_stock'`);
  const stockOf = (grade: Grade) => {
    const ofGrade = stockRows.filter((u) => u.grade === grade);
    const ages = STOCK_AGE_STARTS.map(() => 0);
    for (const u of ofGrade) ages[ageBucketIndex((now.getTime() - u.received_at) / DAY_MS, STOCK_AGE_STARTS)]! += 1;
    return { count: ofGrade.length, value: ofGrade.reduce((sum, u) => sum + u.purchase_price, 0), ages };
  };

  const payoutRows = await rows<{ amount: number; status: string; batch_id: number | null }>(sql`select amount, status, batch_id from payouts`);
  const refundRows = await rows<{ amount: number; status: string; batch_id: number | null }>(sql`select amount, status, batch_id from order_refunds`);
  const returnRows = await rows<{ status: string; overdue: boolean }>(sql`select status, send_by < ${now.toISOString()}::timestamptz as overdue from returns`);
  const claimRows = await rows<{ status: string }>(sql`select status from warranty_claims`);

  const soldItems = await rows<{ status: string; replacement_for: string | null; paid_at: number | null; price: number; discount: number; margin: number | null }>(
    sql`select o.status::text as status, o.replacement_for, ${epochMs(sql`(select min(e.at) from order_events e where e.order_uuid = o.uuid and e.to_status = 'paid')`)} as paid_at, i.price, i.discount, i.margin
        from order_items i join orders o on o.uuid = i.order_uuid`,
  );
  const perDay = new Map<string, { revenue: number; margin: number; unitsSold: number }>();
  for (const item of soldItems) {
    if (!item.paid_at || item.status === "cancelled" || item.replacement_for || item.paid_at < since.getTime()) continue;
    const day = perDay.get(shopDayIso(new Date(item.paid_at))) ?? { revenue: 0, margin: 0, unitsSold: 0 };
    perDay.set(shopDayIso(new Date(item.paid_at)), { revenue: day.revenue + item.price - item.discount, margin: day.margin + (item.margin ?? 0), unitsSold: day.unitsSold + 1 });
  }

  const inspected = await rows<{ outcome: string; inspected_at: number }>(sql`select inspection_outcome as outcome, ${epochMs(sql`inspected_at`)} as inspected_at from sale_items where inspection_outcome is not null`);
  const inPeriod = inspected.filter((i) => i.inspected_at >= since.getTime());
  const answers = await rows<{ event: string; at: number }>(sql`select event, ${epochMs(sql`at`)} as at from sale_events where event like 'counteroffer_%'`);
  const answered = (event: string) => answers.filter((a) => a.event === event && a.at >= since.getTime()).length;

  const sum = (list: { amount: number }[]) => list.reduce((total, r) => total + r.amount, 0);
  const dueRefunds = refundRows.filter((r) => r.status === "to_transfer" && r.batch_id === null);
  const pending = payoutRows.filter((p) => p.status === "pending");
  return {
    from,
    toPick: queue("paid"),
    toShip: queue("picked"),
    intake: { created: ageBucketsOf("created"), parcel_received: ageBucketsOf("parcel_received"), in_inspection: ageBucketsOf("in_inspection") },
    stockOf,
    stockCount: stockRows.length,
    payouts: {
      due: { count: pending.filter((p) => p.batch_id === null).length, amount: sum(pending.filter((p) => p.batch_id === null)) },
      inBatches: { count: pending.filter((p) => p.batch_id !== null).length, amount: sum(pending.filter((p) => p.batch_id !== null)) },
      refunds: { count: dueRefunds.length, amount: sum(dueRefunds) },
    },
    returns: {
      requested: returnRows.filter((r) => r.status === "requested").length,
      overdue: returnRows.filter((r) => r.status === "requested" && r.overdue).length,
      received: returnRows.filter((r) => r.status === "received").length,
      claimsOpen: claimRows.filter((c) => c.status === "open").length,
      claimsInRepair: claimRows.filter((c) => c.status === "in_repair").length,
    },
    perDay,
    tradeIn: {
      inspected: inPeriod.length,
      accepted: inPeriod.filter((i) => i.outcome === "accepted").length,
      counteroffers: inPeriod.filter((i) => i.outcome === "counteroffer").length,
      refused: inPeriod.filter((i) => i.outcome === "refused").length,
      answers: { accepted: answered("counteroffer_accepted"), expired: answered("counteroffer_expired"), declined: answered("counteroffer_declined") },
    },
  };
}

describe("the dashboard on a seeded day", () => {
  // A day of the shop's work made through the API takes a while: made once for these tests.
  beforeAll(seedDay, 240_000);

  it("counts a seeded day's orders, trade-ins, returns, stock and money as the test counts them from the rows, over 30 and 90 days", async () => {
    const admin = await member("admin");
    for (const days of [30, 90]) {
      const view = await dashboard(admin, `?days=${days}`);
      const counted = await countedFromRows(new Date(view.generatedAt), days);
      expect(view).toMatchObject({ days, from: counted.from, to: shopDayIso(new Date(view.generatedAt)), parts: ["fulfilment", "intake", "stock", "payouts", "returns", "sales", "tradeIn"] });

      expect(view.fulfilment).toEqual({ toPick: counted.toPick, toShip: counted.toShip });
      // What the day left waiting: the test's own tally, whatever weekday it runs on.
      const total = (q: { late: number; atRisk: number; onTime: number }) => q.late + q.atRisk + q.onTime;
      expect([total(view.fulfilment!.toPick), total(view.fulfilment!.toShip), view.fulfilment!.toPick.late >= 2]).toEqual([4, 1, true]);

      const counts = (buckets: { count: number }[]) => buckets.map((b) => b.count);
      expect(counts(view.intake!.awaitingParcel)).toEqual(counted.intake.created);
      expect(counts(view.intake!.awaitingInspection)).toEqual(counted.intake.parcel_received);
      expect(counts(view.intake!.inInspection)).toEqual(counted.intake.in_inspection);
      expect([counts(view.intake!.awaitingParcel), counts(view.intake!.awaitingInspection), counts(view.intake!.inInspection)]).toEqual([
        [1, 0, 1, 0],
        [0, 1, 0, 0],
        [1, 0, 0, 0],
      ]);
      expect(view.intake!.awaitingParcel.map((b) => [b.fromDays, b.toDays])).toEqual([
        [0, 1],
        [1, 3],
        [3, 7],
        [7, null],
      ]);

      for (const grade of view.stock!.grades) {
        const mine = counted.stockOf(grade.grade);
        expect({ grade: grade.grade, count: grade.count, value: grade.purchaseValue.amount, ages: counts(grade.ages) }).toEqual({ grade: grade.grade, count: mine.count, value: mine.value, ages: mine.ages });
      }
      expect(view.stock!.count).toBe(counted.stockCount);
      expect(view.stock!.grades.flatMap((g) => counts(g.ages)).every((n) => n >= 0)).toBe(true);
      expect(STOCK_AGE_STARTS.map((_, i) => view.stock!.grades.some((g) => g.ages[i]!.count > 0))).toEqual([true, true, true, true]);

      expect(view.payouts).toMatchObject({
        due: { count: counted.payouts.due.count, amount: { amount: counted.payouts.due.amount } },
        inBatches: { count: counted.payouts.inBatches.count, amount: { amount: counted.payouts.inBatches.amount } },
        refundTransfersDue: { count: counted.payouts.refunds.count, amount: { amount: counted.payouts.refunds.amount } },
      });
      expect([view.payouts!.due.count, view.payouts!.inBatches.count, view.payouts!.refundTransfersDue.amount.amount]).toEqual([2, 1, 5_000]);
      expect(Date.parse(view.payouts!.oldestDueAt!)).toBeLessThanOrEqual(Date.parse(view.generatedAt));

      expect(view.returns).toEqual(counted.returns);
      expect(view.returns).toEqual({ requested: 2, overdue: 1, received: 1, claimsOpen: 1, claimsInRepair: 1 });

      expect(view.sales!.perDay).toHaveLength(days);
      expect(view.sales!.perDay[0]!.day).toBe(counted.from);
      for (const day of view.sales!.perDay) {
        const mine = counted.perDay.get(day.day) ?? { revenue: 0, margin: 0, unitsSold: 0 };
        expect({ day: day.day, revenue: day.revenue.amount, margin: day.margin.amount, unitsSold: day.unitsSold }).toEqual({ day: day.day, ...mine });
      }
      // Paid today, 12 days ago and (in 90 days only) 40 days ago; the cancelled and the unpaid order sell nothing.
      expect(view.sales!.totals.unitsSold).toBe(days === 30 ? 9 : 10);
      expect(view.sales!.totals.revenue.amount).toBe(view.sales!.perDay.reduce((sum, d) => sum + d.revenue.amount, 0));
      expect(view.sales!.totals.margin.amount).toBeGreaterThan(0);

      const { tradeIn } = counted;
      expect(view.tradeIn).toEqual({
        inspected: tradeIn.inspected,
        accepted: tradeIn.accepted,
        counteroffers: tradeIn.counteroffers,
        refused: tradeIn.refused,
        acceptanceRate: tradeIn.accepted / tradeIn.inspected,
        counterofferRate: tradeIn.counteroffers / tradeIn.inspected,
        counterofferAnswers: tradeIn.answers,
      });
      expect(view.tradeIn).toMatchObject({ inspected: 9, accepted: 7, counteroffers: 1, refused: 1, counterofferAnswers: { accepted: 1, expired: 0, declined: 1 } });
    }
  });

  it("shows each role only its parts, and queries nothing else", async () => {
    const expected: [StaffRole[], string[]][] = [
      [["fulfilment"], ["fulfilment"]],
      [["receiving"], ["intake", "stock", "returns"]],
      [["grading"], ["intake", "stock", "returns", "tradeIn"]],
      [["finance"], ["stock", "payouts", "returns", "sales", "tradeIn"]],
      [["support"], ["returns"]],
      [["fulfilment", "support"], ["fulfilment", "returns"]],
    ];
    const ALL = ["fulfilment", "intake", "stock", "payouts", "returns", "sales", "tradeIn"];
    for (const [roles, parts] of expected) {
      const view = await dashboard(await member(...roles));
      expect(view.parts, roles.join()).toEqual(parts);
      expect(ALL.filter((part) => part in view), roles.join()).toEqual(parts);
    }
    expect(Object.keys(await dashboard(await fixtures.staff()))).toEqual(expect.arrayContaining(ALL));

    // A part not shown is not counted either: fulfilment's view runs fulfilment's query alone.
    const queried: string[] = [];
    const recording = new Proxy({} as DashboardRepository, { get: (_, name: string) => async () => (queried.push(name), []) });
    await createDashboardService(recording, { clock: () => new Date() }).view({ uuid: "", email: "desk@example.com", requestId: "test", roles: ["fulfilment"], secondFactorAt: new Date() }, { days: 30 });
    expect(queried).toEqual(["dispatchQueues"]);
  });

});

describe("the dashboard", () => {
  it("refuses a period other than 30 or 90 days field by field, and is not there for customers", async () => {
    const admin = await member("admin");
    for (const days of ["7", "abc", "30.0", "", "30%00", "90,30"]) {
      const res = await call("GET", `/api/ops/dashboard?days=${days}`, admin);
      expect([res.statusCode, codeOf(res), res.json().errors[0].reference], days).toEqual([400, "VALIDATION_FAILED", "query.days"]);
    }
    expect((await dashboard(admin)).days).toBe(30);
    const customer = await fixtures.newCustomer("dashboard-customer@example.com");
    expect((await call("GET", "/api/ops/dashboard", customer)).statusCode).toBe(404);
    expect((await call("GET", "/api/ops/dashboard", {})).statusCode).toBe(404);
  });

  it("puts the dispatch deadline in the same place as fulfilment's rule, on every weekday, across the clock changes", async () => {
    const cases: { paidAt: string; promised: number }[] = [];
    for (const start of ["2026-03-23T06:00:00Z", "2026-10-19T06:00:00Z", "2026-12-21T06:00:00Z"]) {
      for (let hour = 0; hour < 14 * 24; hour += 7) {
        for (const promised of [0, 1, 2, 3, 5, 7]) cases.push({ paidAt: new Date(Date.parse(start) + hour * 3_600_000).toISOString(), promised });
      }
    }
    const values = sql.join(
      cases.map((c) => sql`(${c.paidAt}::timestamptz, ${c.promised}::int)`),
      sql`, `,
    );
    const computed = await rows<{ deadline: number }>(sql`select ${epochMs(dispatchDeadlineSql(sql`v.paid_at`, sql`v.promised`))} as deadline from (values ${values}) as v(paid_at, promised)`);
    expect(computed.map((r) => new Date(r.deadline).toISOString())).toEqual(cases.map((c) => dispatchDeadline(new Date(c.paidAt), c.promised).toISOString()));
  });
});
