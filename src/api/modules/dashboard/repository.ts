import { sql, type SQL } from "drizzle-orm";
import { arrayLiteral, selectRows, type Db } from "../../../db/client.ts";
import { SHOP_TIME_ZONE } from "../../../domain/dates.ts";

/*
 * The dashboard's reads: one statement per part, each counting and summing in the database over the
 * modules' tables (reads may join any table), so a part costs one round trip however many rows it
 * covers. Times are the service's clock, passed in, so the figures follow it in tests.
 */

const DAY_SECONDS = 86_400;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** The thresholds of width_bucket from the buckets' starts: the first start (0) is implied, so bucket 0 is everything younger than the second. */
const thresholds = (starts: readonly number[]) => sql`${arrayLiteral(starts.slice(1))}::float8[]`;
const ageInDays = (since: SQL, now: Date) => sql`extract(epoch from (${at(now)} - ${since})) / ${DAY_SECONDS}`;

/**
 * The dispatch promise's deadline in SQL, as domain/checkout/fulfilment.ts's dispatchDeadline gives
 * it: the end of the shop day that lies the promised working days after the day of payment (a
 * payment on a weekend counts from Monday). Working days are counted with whole weeks: from a
 * weekday d (1 = Monday), n working days later is n calendar days plus two for every weekend
 * passed, 2 × ⌊(d − 1 + n) / 5⌋. Tested against the domain's function.
 */
export function dispatchDeadlineSql(paidAt: SQL, promisedDays: SQL): SQL {
  return sql`(
    select ((start_day + promised + 2 * ((extract(isodow from start_day)::int - 1 + promised) / 5) + 1)::timestamp at time zone ${SHOP_TIME_ZONE}) - interval '1 millisecond'
    from (
      select paid_day + case extract(isodow from paid_day)::int when 6 then 2 when 7 then 1 else 0 end as start_day, promised
      from (select (${paidAt} at time zone ${SHOP_TIME_ZONE})::date as paid_day, (${promisedDays})::int as promised) as paid
    ) as first_working_day
  )`;
}

export interface DispatchCounts {
  status: "paid" | "picked";
  late: number;
  atRisk: number;
  onTime: number;
}
export interface AgeCount {
  key: string;
  bucket: number;
  count: number;
}

export function createDashboardRepository(db: Db) {
  return {
    /** Paid and picked orders by their dispatch promise: late, due within a day, later. */
    dispatchQueues(now: Date, atRiskHours: number): Promise<DispatchCounts[]> {
      const paidAt = sql`coalesce((select min(e.at) from order_events e where e.order_uuid = o.uuid and e.to_status = 'paid'), o.placed_at)`;
      const riskFrom = sql`${at(now)} + make_interval(hours => ${atRiskHours})`;
      return selectRows<DispatchCounts>(
        db,
        sql`select status, count(*) filter (where deadline < ${at(now)})::int as "late",
              count(*) filter (where deadline >= ${at(now)} and deadline <= ${riskFrom})::int as "atRisk",
              count(*) filter (where deadline > ${riskFrom})::int as "onTime"
            from (select o.status::text as status, ${dispatchDeadlineSql(paidAt, sql`o.dispatch_days_max`)} as deadline from orders o where o.status in ('paid', 'picked')) as waiting
            group by status`,
      );
    },

    /** Sales waiting for their parcel (aged from checkout), for inspection and in it (aged from the parcel's arrival), counted per age bucket. */
    intakeQueues(now: Date, starts: readonly number[]): Promise<AgeCount[]> {
      return selectRows<AgeCount>(
        db,
        sql`select status::text as key, width_bucket(${ageInDays(sql`coalesce(received_at, created_at)`, now)}, ${thresholds(starts)}) as bucket, count(*)::int as count
            from sales where status in ('created', 'parcel_received', 'in_inspection')
            group by 1, 2`,
      );
    },

    /** Units in stock per grade and age bucket (since they came in), with what they cost. */
    stock(now: Date, starts: readonly number[]): Promise<(AgeCount & { value: number })[]> {
      return selectRows(
        db,
        sql`select grade::text as key, width_bucket(${ageInDays(sql`received_at`, now)}, ${thresholds(starts)}) as bucket, count(*)::int as count, coalesce(sum(purchase_price), 0)::float8 as value
            from units where status = 'in_stock'
            group by 1, 2`,
      );
    },

    /** Money to send: payouts due (pending, in no batch), payouts in a batch not yet run, and refund transfers due. */
    async payouts(): Promise<{ dueCount: number; dueAmount: number; batchedCount: number; batchedAmount: number; oldestDueMs: number | null; refundCount: number; refundAmount: number }> {
      const [row] = await selectRows<{ dueCount: number; dueAmount: number; batchedCount: number; batchedAmount: number; oldestDueMs: number | null; refundCount: number; refundAmount: number }>(
        db,
        sql`select p.*, r.*
            from (select count(*) filter (where batch_id is null)::int as "dueCount",
                         coalesce(sum(amount) filter (where batch_id is null), 0)::float8 as "dueAmount",
                         count(*) filter (where batch_id is not null)::int as "batchedCount",
                         coalesce(sum(amount) filter (where batch_id is not null), 0)::float8 as "batchedAmount",
                         (extract(epoch from min(created_at) filter (where batch_id is null)) * 1000)::float8 as "oldestDueMs"
                  from payouts where status = 'pending') as p,
                 (select count(*)::int as "refundCount", coalesce(sum(amount), 0)::float8 as "refundAmount"
                  from order_refunds where status = 'to_transfer' and batch_id is null) as r`,
      );
      return row!;
    },

    /** Returns and warranty claims not decided yet. */
    async openReturns(now: Date): Promise<{ requested: number; overdue: number; received: number; claimsOpen: number; claimsInRepair: number }> {
      const [row] = await selectRows<{ requested: number; overdue: number; received: number; claimsOpen: number; claimsInRepair: number }>(
        db,
        sql`select r.*, c.*
            from (select count(*) filter (where status = 'requested')::int as "requested",
                         count(*) filter (where status = 'requested' and send_by < ${at(now)})::int as "overdue",
                         count(*) filter (where status = 'received')::int as "received"
                  from returns where status in ('requested', 'received')) as r,
                 (select count(*) filter (where status = 'open')::int as "claimsOpen",
                         count(*) filter (where status = 'in_repair')::int as "claimsInRepair"
                  from warranty_claims where status in ('open', 'in_repair')) as c`,
      );
      return row!;
    },

    /**
     * Every shop day from `from` to `to`: the items of orders paid that day (their first payment)
     * and not cancelled, replacements for claims left out — revenue after discounts, margin, units.
     */
    salesPerDay(period: { from: string; to: string; since: Date }): Promise<{ day: string; revenue: number; margin: number; unitsSold: number }[]> {
      return selectRows(
        db,
        sql`with paid as (
              select order_uuid, min(at) as paid_at from order_events where to_status = 'paid' and at >= ${at(period.since)} group by order_uuid
            ), sold as (
              select (p.paid_at at time zone ${SHOP_TIME_ZONE})::date as day, i.price - i.discount as revenue, i.margin
              from paid p join orders o on o.uuid = p.order_uuid join order_items i on i.order_uuid = o.uuid
              where o.status <> 'cancelled' and o.replacement_for is null
            )
            select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(s.revenue), 0)::float8 as revenue, coalesce(sum(s.margin), 0)::float8 as margin, count(s.day)::int as "unitsSold"
            from (select g::date as day from generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') as g) as d
            left join sold s on s.day = d.day
            group by d.day order by d.day`,
      );
    },

    /** Trade-in items inspected since then by outcome, and the counteroffers their sellers answered (or left to expire) since then. */
    async tradeIn(since: Date): Promise<{ inspected: number; accepted: number; counteroffers: number; refused: number; answersAccepted: number; answersExpired: number; answersDeclined: number }> {
      const [row] = await selectRows<{ inspected: number; accepted: number; counteroffers: number; refused: number; answersAccepted: number; answersExpired: number; answersDeclined: number }>(
        db,
        sql`select i.*, a.*
            from (select count(*)::int as "inspected",
                         count(*) filter (where inspection_outcome = 'accepted')::int as "accepted",
                         count(*) filter (where inspection_outcome = 'counteroffer')::int as "counteroffers",
                         count(*) filter (where inspection_outcome = 'refused')::int as "refused"
                  from sale_items where inspection_outcome is not null and inspected_at >= ${at(since)}) as i,
                 (select count(*) filter (where event = 'counteroffer_accepted')::int as "answersAccepted",
                         count(*) filter (where event = 'counteroffer_expired')::int as "answersExpired",
                         count(*) filter (where event = 'counteroffer_declined')::int as "answersDeclined"
                  from sale_events where event in ('counteroffer_accepted', 'counteroffer_expired', 'counteroffer_declined') and at >= ${at(since)}) as a`,
      );
      return row!;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
