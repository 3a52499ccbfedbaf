import { sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import { selectRows, type Db } from "../../../db/client.ts";
import type { Address } from "../../../domain/checkout/cart-rules.ts";
import type { OrderStatus, RefundStatus } from "../../../domain/checkout/orders.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import type { PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import type { Period } from "../../../domain/reports/reports.ts";

/*
 * Finance's reports read the orders, units, refunds and payouts of other modules (reading is free;
 * they change none of it). Every list is read in one order that a keyset continues: a page of the
 * screen by its offset, a file in batches after the last row of the one before, so a file of any
 * size never sits in memory whole and a row added meanwhile is neither read twice nor skips another.
 */

/** An instant as exact ISO text (microseconds, UTC): read back as a cursor, it is the same instant. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The refund of a sale row: none (a sort key must not be null). */
const NO_REFUND = "00000000-0000-0000-0000-000000000000";
/** A refund's items, or none for a refund of an amount. */
const refundItems = sql`case when jsonb_typeof(r.items) = 'array' then r.items else '[]'::jsonb end`;

export interface MarginSourceRow {
  kind: "sale" | "refund";
  scheme: "margin" | "standard";
  at: string;
  order_number: string;
  order_uuid: string;
  item_uuid: string;
  refund_uuid: string;
  product_id: number;
  name: string;
  grade: Grade;
  unit_id: number | null;
  identifier: string | null;
  sale_price: number;
  purchase_price: number | null;
  margin: number | null;
  vat_amount: number | null;
  /** A refund row's amount for this item, and what earlier refunds gave back of it. */
  refund_amount: number;
  refunded_before: number;
}

/**
 * The month's rows of the margin report: each unit of an order shipped in it (the supply is made when
 * the parcel leaves, § 3 (6) UStG), and each item's part of a refund made in it for an order that was
 * shipped (the correction belongs to the refund's month, § 17 UStG). Replacements sent for warranty
 * claims are no sales. Margin and VAT are the item's own, fixed when it was sold.
 */
function marginRows(period: Period): SQL {
  const [from, until] = [period.from.toISOString(), period.until.toISOString()];
  return sql`(
    select 'sale'::text as kind, oi.vat_scheme as scheme, o.shipped_at as at, o.number as order_number, o.uuid as order_uuid,
      oi.uuid as item_uuid, ${NO_REFUND}::uuid as refund_uuid, oi.product_id, oi.name, oi.label::text as grade, oi.unit_id, u.identifier,
      oi.price - oi.discount as sale_price, oi.purchase_price, oi.margin, oi.vat_amount, 0 as refund_amount, 0 as refunded_before
    from orders o
      join order_items oi on oi.order_uuid = o.uuid
      left join units u on u.id = oi.unit_id
    where o.shipped_at >= ${from}::timestamptz and o.shipped_at < ${until}::timestamptz and o.replacement_for is null
    union all
    select 'refund'::text, oi.vat_scheme, r.created_at, o.number, o.uuid,
      oi.uuid, r.uuid, oi.product_id, oi.name, oi.label::text, oi.unit_id, u.identifier,
      oi.price - oi.discount, oi.purchase_price, oi.margin, oi.vat_amount, part.amount,
      coalesce((
        select sum((earlier.value ->> 'amount')::int) from order_refunds r2
          cross join lateral jsonb_array_elements(case when jsonb_typeof(r2.items) = 'array' then r2.items else '[]'::jsonb end) as earlier
        where r2.order_uuid = r.order_uuid and (r2.created_at, r2.uuid) < (r.created_at, r.uuid) and earlier.value ->> 'orderItemUuid' = oi.uuid::text
      ), 0)::int
    from order_refunds r
      cross join lateral jsonb_to_recordset(${refundItems}) as part("orderItemUuid" uuid, amount integer)
      join order_items oi on oi.uuid = part."orderItemUuid"
      join orders o on o.uuid = r.order_uuid
      left join units u on u.id = oi.unit_id
    where r.created_at >= ${from}::timestamptz and r.created_at < ${until}::timestamptz and o.shipped_at is not null and o.replacement_for is null
  ) as margin_rows`;
}
const marginColumns = sql`kind, scheme, ${iso(sql`at`)} as at, order_number, order_uuid, item_uuid, refund_uuid, product_id, name, grade, unit_id, identifier,
  sale_price, purchase_price, margin, vat_amount, refund_amount, refunded_before`;
const marginOrder = sql`scheme, at, order_number, kind, item_uuid, refund_uuid`;

export interface OrderSourceRow {
  uuid: string;
  number: string;
  at: string;
  status: OrderStatus;
  email: string;
  billing_address: Address;
  payment_method: PaymentMethod;
  item_count: number;
  items_total: number;
  discount_total: number;
  shipping_price: number;
  insurance_price: number;
  total: number;
  refunded_total: number;
  coupon_code: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  replacement_for: string | null;
}
export interface PayoutSourceRow {
  uuid: string;
  at: string;
  sale_number: string;
  seller_email: string;
  method: "bank_transfer" | "paypal";
  payout_account: { iban: string; holder: string } | { email: string };
  amount: number;
  status: "pending" | "sent" | "returned";
  batch_id: number | null;
  sent_at: string | null;
}
export interface RefundSourceRow {
  uuid: string;
  at: string;
  order_uuid: string;
  order_number: string;
  amount: number;
  reason: string;
  provider: PaymentMethod;
  status: RefundStatus;
  item_count: number;
  created_by: string | null;
  batch_id: number | null;
}

/** Where the period exports read: a select of rows with their instant (`at`) and key (`uuid`), the keyset's order. */
const exportSources = {
  orders: {
    select: sql`select o.uuid, o.number, ${iso(sql`o.placed_at`)} as at, o.status, o.email, o.billing_address, o.payment_method,
        (select count(*) from order_items oi where oi.order_uuid = o.uuid)::int as item_count,
        o.items_total, o.discount_total, o.shipping_price, o.insurance_price, o.total, o.refunded_total, o.coupon_code,
        ${iso(sql`o.shipped_at`)} as shipped_at, ${iso(sql`o.delivered_at`)} as delivered_at, o.replacement_for
      from orders o`,
    at: sql`o.placed_at`,
    key: sql`o.uuid`,
  },
  payouts: {
    select: sql`select p.sale_uuid as uuid, ${iso(sql`p.created_at`)} as at, s.number as sale_number, c.email as seller_email, p.method, s.payout_account,
        p.amount, p.status, p.batch_id::int as batch_id, ${iso(sql`p.sent_at`)} as sent_at
      from payouts p join sales s on s.uuid = p.sale_uuid join customers c on c.uuid = s.customer_uuid`,
    at: sql`p.created_at`,
    key: sql`p.sale_uuid`,
  },
  refunds: {
    select: sql`select r.uuid, ${iso(sql`r.created_at`)} as at, r.order_uuid, o.number as order_number, r.amount, r.reason, r.provider, r.status,
        jsonb_array_length(${refundItems})::int as item_count, c.email as created_by, r.batch_id::int as batch_id
      from order_refunds r join orders o on o.uuid = r.order_uuid left join customers c on c.uuid = r.created_by`,
    at: sql`r.created_at`,
    key: sql`r.uuid`,
  },
} as const;
export type ExportName = keyof typeof exportSources;
export interface ExportRows {
  orders: OrderSourceRow;
  payouts: PayoutSourceRow;
  refunds: RefundSourceRow;
}

/** Where a keyset continues: after the row with this instant and key. */
export interface ExportCursor {
  at: string;
  uuid: string;
}

const within = (at: SQL, period: Period) => sql`${at} >= ${period.from.toISOString()}::timestamptz and ${at} < ${period.until.toISOString()}::timestamptz`;
/** Sums as numbers: bigint arrives as text, and a month's cents may pass 2^31. */
const sumOf = (expression: SQL, where?: SQL) => sql`coalesce(sum(${expression})${where ? sql` filter (where ${where})` : sql``}, 0)::float8`;

export function createReportRepository(db: Db) {
  return {
    /** A page of one scheme's rows, in the report's order. */
    marginPage: (period: Period, scheme: "margin" | "standard", offset: number, limit: number) =>
      selectRows<MarginSourceRow>(db, sql`select ${marginColumns} from ${marginRows(period)} where scheme = ${scheme} order by ${marginOrder} limit ${limit} offset ${offset}`),

    /** The rows after `after` (all of them from the start when null), refunds only when asked: a file's next batch. */
    marginBatch(period: Period, after: MarginSourceRow | null, limit: number, refundsOnly = false) {
      const cursor = after
        ? sql`and (scheme, at, order_number, kind, item_uuid, refund_uuid) > (${after.scheme}, ${after.at}::timestamptz, ${after.order_number}, ${after.kind}, ${after.item_uuid}::uuid, ${after.refund_uuid}::uuid)`
        : sql``;
      return selectRows<MarginSourceRow>(
        db,
        sql`select ${marginColumns} from ${marginRows(period)} where ${refundsOnly ? sql`kind = 'refund'` : sql`true`} ${cursor} order by ${marginOrder} limit ${limit}`,
      );
    },

    /** The units shipped in the month per scheme: their count and sums, as fixed at sale. */
    marginSales: (period: Period) =>
      selectRows<{ scheme: "margin" | "standard"; count: number; sale_price: number; purchase_price: number; margin: number; vat_amount: number }>(
        db,
        sql`select scheme, count(*)::int as count, ${sumOf(sql`sale_price`)} as sale_price, ${sumOf(sql`purchase_price`)} as purchase_price,
            ${sumOf(sql`margin`)} as margin, ${sumOf(sql`vat_amount`)} as vat_amount
          from ${marginRows(period)} where kind = 'sale' group by scheme`,
      ),

    /** Refunds made in the month for shipped orders that name no item: an amount given back for the order as a whole. */
    async refundsWithoutItems(period: Period): Promise<{ count: number; amount: number }> {
      const [row] = await selectRows<{ count: number; amount: number }>(
        db,
        sql`select count(*)::int as count, ${sumOf(sql`r.amount`)} as amount
          from order_refunds r join orders o on o.uuid = r.order_uuid
          where ${within(sql`r.created_at`, period)} and o.shipped_at is not null and o.replacement_for is null and jsonb_array_length(${refundItems}) = 0`,
      );
      return row!;
    },

    /** A page of an export's rows, oldest first. */
    exportPage<N extends ExportName>(name: N, period: Period, offset: number, limit: number): Promise<ExportRows[N][]> {
      const source = exportSources[name];
      return selectRows(db, sql`${source.select} where ${within(source.at, period)} order by ${source.at}, ${source.key} limit ${limit} offset ${offset}`);
    },

    /** An export's rows after the cursor (from the start when null): a file's next batch. */
    exportBatch<N extends ExportName>(name: N, period: Period, after: ExportCursor | null, limit: number): Promise<ExportRows[N][]> {
      const source = exportSources[name];
      const cursor = after ? sql`and (${source.at}, ${source.key}) > (${after.at}::timestamptz, ${after.uuid}::uuid)` : sql``;
      return selectRows(db, sql`${source.select} where ${within(source.at, period)} ${cursor} order by ${source.at}, ${source.key} limit ${limit}`);
    },

    async orderTotals(period: Period) {
      const paid = sql`o.status in ('paid', 'picked', 'shipped', 'delivered')`;
      const [row] = await selectRows<{ count: number; paid_count: number; paid_total: number; refunded_total: number }>(
        db,
        sql`select count(*)::int as count, (count(*) filter (where ${paid}))::int as paid_count, ${sumOf(sql`o.total`, paid)} as paid_total,
            ${sumOf(sql`o.refunded_total`)} as refunded_total
          from orders o where ${within(sql`o.placed_at`, period)}`,
      );
      return row!;
    },

    async payoutTotals(period: Period) {
      const [row] = await selectRows<{ count: number; amount: number; sent: number }>(
        db,
        sql`select count(*)::int as count, ${sumOf(sql`p.amount`)} as amount, ${sumOf(sql`p.amount`, sql`p.status = 'sent'`)} as sent
          from payouts p where ${within(sql`p.created_at`, period)}`,
      );
      return row!;
    },

    async refundTotals(period: Period) {
      const [row] = await selectRows<{ count: number; amount: number }>(
        db,
        sql`select count(*)::int as count, ${sumOf(sql`r.amount`)} as amount from order_refunds r where ${within(sql`r.created_at`, period)}`,
      );
      return row!;
    },

    /** Who took which file of which period: the staff module's audit row, written before the file is read. */
    recordExport: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
