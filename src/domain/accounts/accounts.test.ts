import { describe, expect, it } from "vitest";
import {
  ACCOUNT_LOGIN_THROTTLE,
  afterCountedAttempt,
  afterLoginTarget,
  CLIENT_LOGIN_THROTTLE,
  describeWait,
  loginWaitMs,
  normalizeEmail,
  retryAfterSeconds,
} from "./accounts.ts";

describe("afterLoginTarget", () => {
  it("prefers the stored intent over the previous page", () => {
    expect(afterLoginTarget({ intent: "/buy-alerts", previous: "/i12,phone", platform: "blue" })).toBe("/buy-alerts");
  });
  it("falls back to the previous page", () => {
    expect(afterLoginTarget({ intent: null, previous: "/i12,phone?variant=A1", platform: "blue" })).toBe("/i12,phone?variant=A1");
  });
  it("sends each platform to its default page when coming from the login page itself", () => {
    expect(afterLoginTarget({ previous: "/auth", platform: "blue" })).toBe("/");
    expect(afterLoginTarget({ previous: "/auth?next=", platform: "green" })).toBe("/verkaufen/suche");
    expect(afterLoginTarget({ platform: "my" })).toBe("/my");
    expect(afterLoginTarget({ previous: "/logout", platform: "my" })).toBe("/my");
  });
  it("never leaves the site", () => {
    expect(afterLoginTarget({ intent: "https://evil.example/", previous: "//evil.example", platform: "blue" })).toBe("/");
  });
});

describe("login throttle", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("lets the free attempts through, then doubles the wait from one second up to 15 minutes", () => {
    const waits = Array.from({ length: 17 }, (_, i) => loginWaitMs(i + 1, CLIENT_LOGIN_THROTTLE) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(loginWaitMs(1_000_000, CLIENT_LOGIN_THROTTLE)).toBe(15 * 60 * 1000);
  });

  it("gives one account a much higher ceiling across all addresses", () => {
    expect(loginWaitMs(99, ACCOUNT_LOGIN_THROTTLE)).toBe(0);
    expect(loginWaitMs(100, ACCOUNT_LOGIN_THROTTLE)).toBe(1000);
    expect(loginWaitMs(101, ACCOUNT_LOGIN_THROTTLE)).toBe(2000);
    expect(ACCOUNT_LOGIN_THROTTLE.freeFailures).toBeGreaterThanOrEqual(10 * CLIENT_LOGIN_THROTTLE.freeFailures);
  });

  it("forgets a counter only after its wait has run out and a quiet period has passed", () => {
    expect(afterCountedAttempt(1, now, CLIENT_LOGIN_THROTTLE)).toEqual({ nextAttemptAt: now, expiresAt: at(24 * 60 * 60 * 1000) });
    expect(afterCountedAttempt(7, now, CLIENT_LOGIN_THROTTLE)).toEqual({ nextAttemptAt: at(4000), expiresAt: at(4000 + 24 * 60 * 60 * 1000) });
    const capped = afterCountedAttempt(200, now, ACCOUNT_LOGIN_THROTTLE);
    expect(capped.expiresAt.getTime() - capped.nextAttemptAt.getTime()).toBe(ACCOUNT_LOGIN_THROTTLE.forgetMs);
  });

  it("tells the wait in whole seconds, rounded up, at least one", () => {
    expect(retryAfterSeconds(at(4000), now)).toBe(4);
    expect(retryAfterSeconds(at(1), now)).toBe(1);
    expect(retryAfterSeconds(now, now)).toBe(1);
    expect(retryAfterSeconds(at(899_001), now)).toBe(900);
  });

  it("describes the wait in the message", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(8)).toBe("8 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(61)).toBe("2 minutes");
    expect(describeWait(900)).toBe("15 minutes");
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => expect(normalizeEmail("  Marie@Example.COM ")).toBe("marie@example.com"));
});
