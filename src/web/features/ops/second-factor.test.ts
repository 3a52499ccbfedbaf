import { describe, expect, it } from "vitest";
import type { OpsMe } from "../../../api/contract.ts";
import { FRESH_FACTOR_MARGIN_MS, secondFactorIsFresh } from "./second-factor.ts";

const me = (recentUntil: string | null): OpsMe => ({ uuid: "00000000-0000-4000-8000-000000000000", email: "staff@example.com", roles: ["finance"], secondFactor: { totpEnrolled: true, passkeys: [], given: recentUntil !== null, recentUntil } });

describe("secondFactorIsFresh", () => {
  it("is fresh until half a minute before the API's recent-until time, and never without a factor", () => {
    const now = Date.now();
    expect(secondFactorIsFresh(me(new Date(now + 60_000).toISOString()), now)).toBe(true);
    // Within the last half minute it no longer counts: an action started then would be refused half-way.
    expect(secondFactorIsFresh(me(new Date(now + FRESH_FACTOR_MARGIN_MS + 1).toISOString()), now)).toBe(true);
    expect(secondFactorIsFresh(me(new Date(now + FRESH_FACTOR_MARGIN_MS).toISOString()), now)).toBe(false);
    expect(secondFactorIsFresh(me(new Date(now - 1).toISOString()), now)).toBe(false);
    expect(secondFactorIsFresh(me(null), now)).toBe(false);
  });
});
