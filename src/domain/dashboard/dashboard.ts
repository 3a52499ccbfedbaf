import { addDays } from "../dates.ts";

/*
 * The back-office dashboard's rules, pure: the periods its daily figures cover, the age buckets its
 * queues and stock are counted in, and how a share is given. The queries count in the database; the
 * same buckets' bounds go into them from here, and the tests count with these functions.
 */

/** The periods of the daily figures (revenue, margin, units sold) and of the trade-in rates, in days. */
export const DASHBOARD_PERIODS = [30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;

/** Where the age buckets of a queue (sales waiting for their parcel or inspection) start, in days: under a day, 1–2, 3–6, a week or more. */
export const QUEUE_AGE_STARTS = [0, 1, 3, 7] as const;
/** Where the age buckets of stock start, in days: up to a month, a quarter, half a year, older. */
export const STOCK_AGE_STARTS = [0, 30, 90, 180] as const;

/** An age bucket as the dashboard shows it: from (included) and to (excluded) in days, open-ended at the last. */
export interface AgeBucket {
  fromDays: number;
  toDays: number | null;
}

export function ageBuckets(starts: readonly number[]): AgeBucket[] {
  return starts.map((fromDays, i) => ({ fromDays, toDays: starts[i + 1] ?? null }));
}

/** The bucket an age in days falls in: the last whose start it has reached (younger than the first start counts as the first). */
export function ageBucketIndex(ageDays: number, starts: readonly number[]): number {
  let index = 0;
  starts.forEach((start, i) => {
    if (ageDays >= start) index = i;
  });
  return index;
}

/** A part of a whole as a share from 0 to 1, or null when the whole is nothing (no rate to tell). */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The shop days a period ending today covers: its first and last day (today included). */
export function periodDays(today: string, days: DashboardPeriod): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}
