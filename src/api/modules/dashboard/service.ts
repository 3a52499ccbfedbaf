import { GRADES } from "../../../domain/catalogue/grades.ts";
import { AT_RISK_HOURS } from "../../../domain/checkout/fulfilment.ts";
import { ageBuckets, periodDays, QUEUE_AGE_STARTS, shareOf, STOCK_AGE_STARTS, type DashboardPeriod } from "../../../domain/dashboard/dashboard.ts";
import { shopDayIso, shopDayStart } from "../../../domain/dates.ts";
import { mayAct, STAFF_ROLES, type StaffRole } from "../../../domain/staff/staff.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { AgeCount, DashboardRepository } from "./repository.ts";
import { DASHBOARD_PARTS, type DashboardPart, type OpsDashboard } from "./schemas.ts";

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });

/**
 * Who sees which part of the dashboard (admins see all): each role the figures of its own work.
 * - fulfilment: orders to pick and ship against their dispatch promise.
 * - intake: trade-ins waiting for their parcel and inspection — receiving and grading.
 * - stock: units in stock by grade and age — receiving and grading, who bring them in, and finance, whose money they hold.
 * - payouts: money to send to sellers and customers — finance.
 * - returns: returns and claims open — support, who answers the customers, and the roles that receive, inspect and refund them (as the returns section).
 * - sales: revenue, margin and units sold per day — finance.
 * - tradeIn: acceptance and counteroffer rates of inspections — grading, whose judgement they measure, and finance.
 */
const PART_ROLES: Record<DashboardPart, readonly StaffRole[]> = {
  fulfilment: ["fulfilment"],
  intake: ["receiving", "grading"],
  stock: ["receiving", "grading", "finance"],
  payouts: ["finance"],
  returns: ["support", "receiving", "grading", "finance"],
  sales: ["finance"],
  tradeIn: ["grading", "finance"],
};

/** The parts these roles show, in the page's order. */
export const dashboardPartsFor = (roles: readonly StaffRole[]): DashboardPart[] => DASHBOARD_PARTS.filter((part) => mayAct(roles, PART_ROLES[part]));

/** The counts of a query's (key, bucket) groups as the buckets of one key, every bucket present. */
function bucketsOf(rows: readonly AgeCount[], key: string, starts: readonly number[]) {
  return ageBuckets(starts).map((bucket, index) => ({ ...bucket, count: rows.find((r) => r.key === key && r.bucket === index)?.count ?? 0 }));
}

/**
 * The back-office's start: for each part the member's roles show, its figures, each part counted by
 * one query over the modules' tables (repository.ts). Nothing is shown that the roles do not open,
 * and nothing is queried for it either.
 */
export function createDashboardService(repo: DashboardRepository, deps: { clock: () => Date }) {
  const parts = {
    async fulfilment(now: Date) {
      const rows = await repo.dispatchQueues(now, AT_RISK_HOURS);
      const queue = (status: "paid" | "picked") => {
        const row = rows.find((r) => r.status === status);
        return { late: row?.late ?? 0, atRisk: row?.atRisk ?? 0, onTime: row?.onTime ?? 0 };
      };
      return { toPick: queue("paid"), toShip: queue("picked") };
    },
    async intake(now: Date) {
      const rows = await repo.intakeQueues(now, QUEUE_AGE_STARTS);
      return {
        awaitingParcel: bucketsOf(rows, "created", QUEUE_AGE_STARTS),
        awaitingInspection: bucketsOf(rows, "parcel_received", QUEUE_AGE_STARTS),
        inInspection: bucketsOf(rows, "in_inspection", QUEUE_AGE_STARTS),
      };
    },
    async stock(now: Date) {
      const rows = await repo.stock(now, STOCK_AGE_STARTS);
      const grades = GRADES.map((grade) => {
        const ofGrade = rows.filter((r) => r.key === grade);
        return {
          grade,
          count: ofGrade.reduce((sum, r) => sum + r.count, 0),
          purchaseValue: EUR(ofGrade.reduce((sum, r) => sum + r.value, 0)),
          ages: bucketsOf(ofGrade, grade, STOCK_AGE_STARTS),
        };
      });
      return { grades, count: grades.reduce((sum, g) => sum + g.count, 0), purchaseValue: EUR(grades.reduce((sum, g) => sum + g.purchaseValue.amount, 0)) };
    },
    async payouts() {
      const row = await repo.payouts();
      return {
        due: { count: row.dueCount, amount: EUR(row.dueAmount) },
        inBatches: { count: row.batchedCount, amount: EUR(row.batchedAmount) },
        refundTransfersDue: { count: row.refundCount, amount: EUR(row.refundAmount) },
        oldestDueAt: row.oldestDueMs === null ? null : new Date(row.oldestDueMs).toISOString(),
      };
    },
    returns: (now: Date) => repo.openReturns(now),
    async sales(period: { from: string; to: string; since: Date }) {
      const days = await repo.salesPerDay(period);
      const total = (field: "revenue" | "margin" | "unitsSold") => days.reduce((sum, d) => sum + d[field], 0);
      return {
        perDay: days.map((d) => ({ day: d.day, revenue: EUR(d.revenue), margin: EUR(d.margin), unitsSold: d.unitsSold })),
        totals: { revenue: EUR(total("revenue")), margin: EUR(total("margin")), unitsSold: total("unitsSold") },
      };
    },
    async tradeIn(since: Date) {
      const row = await repo.tradeIn(since);
      return {
        inspected: row.inspected,
        accepted: row.accepted,
        counteroffers: row.counteroffers,
        refused: row.refused,
        acceptanceRate: shareOf(row.accepted, row.inspected),
        counterofferRate: shareOf(row.counteroffers, row.inspected),
        counterofferAnswers: { accepted: row.answersAccepted, expired: row.answersExpired, declined: row.answersDeclined },
      };
    },
  };

  return {
    async view(actor: StaffActor, query: { days: DashboardPeriod }): Promise<OpsDashboard> {
      requireRole(actor, ...STAFF_ROLES);
      const now = deps.clock();
      const { from, to } = periodDays(shopDayIso(now), query.days);
      const since = shopDayStart(from);
      const shown = new Set(dashboardPartsFor(actor.roles));
      const only = <T>(part: DashboardPart, figures: () => Promise<T>) => (shown.has(part) ? figures() : Promise.resolve(undefined));
      const [fulfilment, intake, stock, payouts, returns, sales, tradeIn] = await Promise.all([
        only("fulfilment", () => parts.fulfilment(now)),
        only("intake", () => parts.intake(now)),
        only("stock", () => parts.stock(now)),
        only("payouts", () => parts.payouts()),
        only("returns", () => parts.returns(now)),
        only("sales", () => parts.sales({ from, to, since })),
        only("tradeIn", () => parts.tradeIn(since)),
      ]);
      return {
        days: query.days,
        from,
        to,
        generatedAt: now.toISOString(),
        parts: [...shown],
        ...(fulfilment && { fulfilment }),
        ...(intake && { intake }),
        ...(stock && { stock }),
        ...(payouts && { payouts }),
        ...(returns && { returns }),
        ...(sales && { sales }),
        ...(tradeIn && { tradeIn }),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
