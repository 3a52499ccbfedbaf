import { describe, expect, it } from "vitest";
import { claimActions, claimBodyOf, claimDraftOf, claimDraftPath, claimProblemOf, claimsPath, claimStatusOf, OPEN_DECISIONS } from "./claim-form.ts";
import { customerNameOf, customerQueryOf, noteOf, noteProblemOf } from "./customer-form.ts";

const values = (change: Partial<{ decision: string; reason: string; carrier: string; trackingNumber: string }> = {}) => ({ decision: "", reason: "", carrier: "", trackingNumber: "", ...change });
const refusal = (code: string, reference = "x", status = 409) => ({ code, status, errors: [{ code, reference }] });

describe("the warranty claims pages", () => {
  it("keep their status filter and page in the address", () => {
    expect(claimsPath(null)).toBe("/ops/warranty-claims");
    expect(claimsPath("in_repair", 2)).toBe("/ops/warranty-claims?status=in_repair&page=2");
    expect(claimStatusOf("open")).toBe("open");
    expect(claimStatusOf("closed")).toBeNull();
  });

  it("offer the first decisions on an open claim, money back only to support and finance, and the repair done while in repair", () => {
    expect(claimActions(["support"], { status: "open" })).toEqual({ decisions: ["repair", "replacement", "refund", "refused"], repaired: false });
    expect(claimActions(["grading"], { status: "open" })).toEqual({ decisions: ["repair", "replacement", "refused"], repaired: false });
    expect(claimActions(["grading"], { status: "in_repair" })).toEqual({ decisions: [], repaired: true });
    expect(claimActions(["receiving"], { status: "open" })).toEqual({ decisions: [], repaired: false });
    expect(claimActions(["admin"], { status: "refunded" })).toEqual({ decisions: [], repaired: false });
  });

  it("sends a decision with its reason, a refusal only with one, and the repaired device's parcel", () => {
    expect(claimBodyOf(values({ decision: "replacement" }), OPEN_DECISIONS)).toEqual({ body: { decision: "replacement" } });
    expect(claimBodyOf(values({ decision: "refused", reason: "Sturzschaden" }), OPEN_DECISIONS)).toEqual({ body: { decision: "refused", reason: "Sturzschaden" } });
    expect(claimBodyOf(values({ decision: "refused" }), OPEN_DECISIONS)).toEqual({ problems: [{ field: "reason", problem: "reasonRequired" }] });
    expect(claimBodyOf(values({ decision: "repaired" }), OPEN_DECISIONS)).toEqual({ problems: [{ field: "decision", problem: "decisionRequired" }] });
    expect(claimBodyOf(values({ decision: "repaired", carrier: "dhl", trackingNumber: "003404341234567890" }), ["repaired"])).toEqual({
      body: { decision: "repaired", carrier: "dhl", trackingNumber: "003404341234567890" },
    });
    expect(claimBodyOf(values({ decision: "repaired", carrier: "pigeon" }), ["repaired"])).toEqual({
      problems: [
        { field: "carrier", problem: "carrierInvalid" },
        { field: "trackingNumber", problem: "trackingNumberRequired" },
      ],
    });
  });

  it("carries a decision through the second factor's page, and says each refusal at its field", () => {
    const path = claimDraftPath({ uuid: "44444444-4444-4444-8444-444444444444" }, values({ decision: "refund", reason: "Akku defekt" }));
    expect(claimDraftOf(new URL(path, "http://x").searchParams)).toEqual(values({ decision: "refund", reason: "Akku defekt" }));
    expect(claimDraftOf(new URLSearchParams("done=decided"))).toBeNull();
    expect(claimProblemOf(refusal("REPLACEMENT_OUT_OF_STOCK"))).toEqual({ field: "decision", problem: "outOfStock" });
    expect(claimProblemOf(refusal("TRACKING_NUMBER_INVALID", "trackingNumber", 400))).toEqual({ field: "trackingNumber", problem: "trackingNumberInvalid" });
    expect(claimProblemOf(refusal("CLAIM_DECISION_NOT_ALLOWED", "decision"))).toEqual({ field: null, problem: "notAllowedNow" });
    expect(claimProblemOf(refusal("SECOND_FACTOR_REQUIRED", "x", 401))).toEqual({ field: null, problem: "secondFactor" });
    expect(claimProblemOf(refusal("PAYMENT_PROVIDER_UNAVAILABLE", "x", 502))).toEqual({ field: null, problem: "providerFailed" });
  });
});

describe("the customer pages", () => {
  it("search as typed, name a customer by what they gave, and keep a note within its length", () => {
    expect(customerQueryOf(new URLSearchParams("q=%20weber%20"))).toBe("weber");
    expect(customerNameOf({ firstName: "Jonas", lastName: "Weber" })).toBe("Jonas Weber");
    expect(customerNameOf({ firstName: null, lastName: "" })).toBeNull();
    expect(noteOf("  Rief an wegen Retoure  ")).toEqual({ text: "Rief an wegen Retoure" });
    expect(noteOf("   ")).toEqual({ problem: "noteRequired" });
    expect(noteOf("x".repeat(2001))).toEqual({ problem: "noteTooLong" });
    expect(noteProblemOf("ROLE_REQUIRED")).toBe("notAllowed");
  });
});
