import type { OpsMe } from "../../../api/contract.ts";

/** Whether the session's second factor is still recent enough for money going out (the API says until when). */
export function secondFactorIsFresh(me: OpsMe, now: number = Date.now()): boolean {
  return me.secondFactor.recentUntil !== null && Date.parse(me.secondFactor.recentUntil) > now;
}
