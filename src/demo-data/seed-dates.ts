const DAY_MS = 86_400_000;

/**
 * A moment seen from when the demo data is seeded, so running coupons and announcements never
 * run out, and the tests that rely on them never depend on the day they run.
 */
export function daysFromSeeding(offsetDays: number): Date {
  return new Date(Date.now() + offsetDays * DAY_MS);
}

/** The same as a calendar day ("2026-11-23"), for date columns. */
export function dayFromSeeding(offsetDays: number): string {
  return daysFromSeeding(offsetDays).toISOString().slice(0, 10);
}
