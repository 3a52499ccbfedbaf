import { useEffect, useState } from "react";
import type { OpsMe } from "../../../api/contract.ts";

/**
 * Pages offer money going out only while this much of the recent second factor is left, so an
 * action or a download started from them never meets the server's refusal half-way.
 */
export const FRESH_FACTOR_MARGIN_MS = 30_000;

/** Milliseconds until the session's second factor is no longer recent enough to act on (0 or less: already). */
export function freshFactorLeft(recentUntil: string | null, now: number = Date.now()): number {
  return recentUntil === null ? 0 : Date.parse(recentUntil) - FRESH_FACTOR_MARGIN_MS - now;
}

/** Whether the session's second factor is still recent enough for money going out (the API says until when). */
export function secondFactorIsFresh(me: OpsMe, now: number = Date.now()): boolean {
  return freshFactorLeft(me.secondFactor.recentUntil, now) > 0;
}

/** Fresh as the loader found it, and no longer once the factor's recent time runs out while the page is open. */
export function useFreshFactor(freshAtLoad: boolean, recentUntil: string | null): boolean {
  // The recent-until time that ran out while the page was open; a new load brings its own.
  const [ranOut, setRanOut] = useState<string | null>(null);
  useEffect(() => {
    if (!freshAtLoad || recentUntil === null) return;
    const timer = setTimeout(() => setRanOut(recentUntil), Math.max(0, freshFactorLeft(recentUntil)));
    return () => clearTimeout(timer);
  }, [freshAtLoad, recentUntil]);
  return freshAtLoad && ranOut !== recentUntil;
}
