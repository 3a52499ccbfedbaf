import { describe, expect, it } from "vitest";
import { applyConsentEvent, parseConsent, serializeConsent, UNDECIDED } from "./consent.ts";

describe("consent", () => {
  it("starts undecided with only the necessary category", () => {
    expect(UNDECIDED).toMatchObject({ necessary: true, preferences: false, statistics: false, marketing: false, decided: false });
  });
  it("accept all, reject and a per-category choice decide", () => {
    expect(serializeConsent(applyConsentEvent(UNDECIDED, { type: "acceptAll" }))).toBe("necessary,preferences,statistics,marketing");
    expect(serializeConsent(applyConsentEvent(UNDECIDED, { type: "reject" }))).toBe("necessary");
    const choice = applyConsentEvent(UNDECIDED, { type: "accept", categories: { statistics: true } });
    expect(choice).toMatchObject({ statistics: true, marketing: false, decided: true });
  });
  it("loaded restores a stored choice, and keeps the state when nothing is stored", () => {
    expect(applyConsentEvent(UNDECIDED, { type: "loaded", stored: "necessary,marketing" })).toMatchObject({ marketing: true, decided: true });
    expect(applyConsentEvent(UNDECIDED, { type: "loaded", stored: null })).toBe(UNDECIDED);
  });
  it("round-trips through the cookie value", () => {
    const state = applyConsentEvent(UNDECIDED, { type: "accept", categories: { preferences: true } });
    expect(parseConsent(serializeConsent(state))).toEqual(state);
  });
});
