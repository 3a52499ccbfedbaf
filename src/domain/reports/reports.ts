import { addDays, addMonths, SHOP_TIME_ZONE, shopDayIso, shopDayStart } from "../dates.ts";
import { unitTax } from "../stock/units.ts";

/*
 * Finance's reports: which instants a month or a range of days covers in the shop's time zone, what
 * a refund changes in a sold unit's margin and VAT, and how amounts and times are written into the
 * CSV files. Pure rules; the reports module reads the rows and streams the files.
 */

/** An export covers at most a year (a leap year's 366 days): larger ones go by several files. */
export const MAX_PERIOD_DAYS = 366;
/** The first and last month a report can ask for: the shop did not sell before 2000. */
export const FIRST_REPORT_MONTH = "2000-01";
export const LAST_REPORT_MONTH = "9999-12";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text names a month a report can cover ("2026-07"). */
export function isReportMonth(text: string): boolean {
  return MONTH.test(text) && text >= FIRST_REPORT_MONTH && text <= LAST_REPORT_MONTH;
}

/** Whether the text names a real calendar day ("2026-02-30" does not) a report can cover. */
export function isReportDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A period of instants: from its first one, up to but not including `until`. */
export interface Period {
  from: Date;
  until: Date;
}

/** A calendar month in the shop's time zone (a tax return's month is the German one). */
export function monthPeriod(month: string): Period {
  const first = `${month}-01`;
  return { from: shopDayStart(first), until: shopDayStart(addMonths(first, 1)) };
}

/** The days from `from` to `to`, both included, in the shop's time zone. */
export function dayPeriod(from: string, to: string): Period {
  return { from: shopDayStart(from), until: shopDayStart(addDays(to, 1)) };
}

/** How many days a range covers, both ends included ("2026-07-01" to "2026-07-01" is one). */
export function daysCovered(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The shop's month an instant falls in ("2026-07"). */
export function shopMonthOf(date: Date): string {
  return shopDayIso(date).slice(0, 7);
}

/**
 * What a refund changes in a sold item's margin and VAT, in the refund's month (§ 17 UStG): the rule
 * the sale was taxed by (unitTax) applied to the price less what was refunded before, and less this
 * refund too; the difference is the correction. A margin that was already 0 (a loss) has nothing to
 * correct, and a loss is never carried over to another unit. Null when the unit's purchase price is
 * not known (an item sold before units were tracked).
 */
export function refundCorrection(
  scheme: "margin" | "standard",
  item: { salePrice: number; purchasePrice: number | null },
  refundedBefore: number,
  amount: number,
): { margin: number; vatAmount: number } | null {
  if (item.purchasePrice === null) return null;
  const before = unitTax(scheme, item.salePrice - refundedBefore, item.purchasePrice);
  const after = unitTax(scheme, item.salePrice - refundedBefore - amount, item.purchasePrice);
  return { margin: after.margin - before.margin, vatAmount: after.vatAmount - before.vatAmount };
}

/**
 * Cents as a CSV file writes euros: a decimal point, two decimals, a minus for negatives and no
 * thousands separators ("-1234.05"), which every spreadsheet's import and every script reads alike.
 */
export function centsAsDecimal(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${cents < 0 ? "-" : ""}${whole}.${String(rest).padStart(2, "0")}`;
}

/** Made at the first use: pages that import these rules for their forms never pay for an Intl formatter. */
let localTime: Intl.DateTimeFormat | undefined;
const localTimeFormat = () =>
  (localTime ??= new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  }));

/** An instant as the shop's wall clock reads it, "2026-07-14 10:22:05": sortable, and read as a date-time by spreadsheets. */
export function shopDateTime(instant: Date | string): string {
  const parts = Object.fromEntries(localTimeFormat().formatToParts(typeof instant === "string" ? new Date(instant) : instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
