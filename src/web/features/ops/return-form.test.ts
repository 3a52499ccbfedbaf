import { describe, expect, it } from "vitest";
import type { OpsReturn, OpsReturnItem } from "../../api-client/ops-returns.ts";
import {
  decideProblemOf,
  decisionBodyOf,
  decisionDraftOf,
  decisionDraftPath,
  decisionValuesFrom,
  decisionValuesOf,
  identifierCheck,
  receiveBodyOf,
  receiveProblemOf,
  refundableTotal,
  returnActions,
  returnsPath,
  returnStatusOf,
  scannedLabelOf,
} from "./return-form.ts";

const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const PHONE = "11111111-1111-4111-8111-111111111111";
const BOOK = "22222222-2222-4222-8222-222222222222";
const phone: OpsReturnItem = {
  orderItemUuid: PHONE,
  name: "iPhone 13",
  grade: "A1",
  reason: "changed_mind",
  paid: EUR(39_900),
  refundable: EUR(39_900),
  unit: { id: 7, label: "U-000007", identifier: "356938035643809", status: "returned", grade: "A1" },
};
const book: OpsReturnItem = { orderItemUuid: BOOK, name: "Ein Buch", grade: "A2", reason: "other", paid: EUR(1_000), refundable: EUR(600), unit: { id: 8, label: "U-000008", identifier: null, status: "returned", grade: "A2" } };
const ret = (change: Partial<OpsReturn> = {}) => ({ uuid: "33333333-3333-4333-8333-333333333333", number: "RT-000042", items: [phone, book], identifierMismatch: false, receivedIdentifiers: null, ...change });
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};
const refusal = (code: string, reference = "x", status = 409) => ({ code, status, errors: [{ code, reference }] });

describe("the returns pages", () => {
  it("keep their status filter and page in the address", () => {
    expect(returnsPath(null)).toBe("/ops/returns");
    expect(returnsPath("received")).toBe("/ops/returns?status=received");
    expect(returnsPath("requested", 3)).toBe("/ops/returns?status=requested&page=3");
    expect(returnStatusOf("partially_refunded")).toBe("partially_refunded");
    expect(returnStatusOf("lost")).toBeNull();
  });

  it("let receiving take parcels in and support or finance decide, each in its status", () => {
    expect(returnActions(["receiving"], { status: "requested" })).toEqual({ receive: true, decide: false });
    expect(returnActions(["receiving"], { status: "received" })).toEqual({ receive: false, decide: false });
    expect(returnActions(["finance"], { status: "received" })).toEqual({ receive: false, decide: true });
    expect(returnActions(["admin"], { status: "refunded" })).toEqual({ receive: false, decide: false });
  });

  it("read a scanned label, and say a claim's label or no label at all", () => {
    expect(scannedLabelOf(" rt-1234 ")).toEqual({ number: "RT-001234" });
    expect(scannedLabelOf("GA-000001")).toEqual({ problem: "claimLabel" });
    expect(scannedLabelOf("S-0001000-1")).toEqual({ problem: "labelInvalid" });
    expect(scannedLabelOf("  ")).toEqual({ problem: "labelRequired" });
  });

  it("asks each device's IMEI when receiving, and none of media", () => {
    expect(receiveBodyOf(ret(), { [PHONE]: "35 693803 564380 9" })).toEqual({ body: { label: "RT-000042", identifiers: [{ orderItemUuid: PHONE, identifier: "35 693803 564380 9" }] } });
    expect(receiveBodyOf(ret(), {})).toEqual({ problems: [{ field: PHONE, problem: "identifierRequired" }] });
    expect(receiveBodyOf(ret(), { [PHONE]: "#?" })).toEqual({ problems: [{ field: PHONE, problem: "identifierInvalid" }] });
    expect(receiveBodyOf(ret({ items: [book] }), {})).toEqual({ body: { label: "RT-000042" } });
  });

  it("says receiving's refusals at the form or at the IMEI the API names", () => {
    expect(receiveProblemOf(refusal("RETURN_ALREADY_RECEIVED"), [])).toEqual({ field: null, problem: "alreadyReceived" });
    expect(receiveProblemOf(refusal("RETURN_NOT_FOUND", "label", 404), [])).toEqual({ field: null, problem: "notFound" });
    expect(receiveProblemOf(refusal("VALIDATION_FAILED", "body.identifiers.0.identifier", 400), [{ orderItemUuid: PHONE }])).toEqual({ field: PHONE, problem: "identifierInvalid" });
  });

  it("compares the IMEI shipped with the one scanned, however it was typed", () => {
    expect(identifierCheck(ret(), phone)).toEqual({ expected: "356938035643809", received: null, matches: null });
    expect(identifierCheck(ret({ receivedIdentifiers: { [PHONE]: "35-6938-0356-43809" } }), phone).matches).toBe(true);
    expect(identifierCheck(ret({ receivedIdentifiers: { [PHONE]: "350000000000001" } }), phone).matches).toBe(false);
    expect(identifierCheck(ret({ receivedIdentifiers: { [PHONE]: null } }), phone).matches).toBe(false);
    expect(identifierCheck(ret({ receivedIdentifiers: { [BOOK]: null } }), book).matches).toBeNull();
  });

  it("sends a full refund with each unit's destination and the grade found for stock", () => {
    const values = { ...decisionValuesFrom(ret()), decision: "full_refund" };
    values.destinations[BOOK] = "scrapped";
    values.grades[PHONE] = "A3";
    expect(decisionBodyOf(ret(), values)).toEqual({
      body: {
        decision: "full_refund",
        items: [
          { orderItemUuid: PHONE, destination: "in_stock", grade: "A3" },
          { orderItemUuid: BOOK, destination: "scrapped" },
        ],
      },
    });
    expect(refundableTotal(ret())).toBe(40_500);
  });

  it("takes a partial refund in euros, below what is left, with a reason", () => {
    const partial = (amount: string, reason = "Kratzer am Display") => decisionBodyOf(ret(), { ...decisionValuesFrom(ret()), decision: "partial_refund", amount, reason });
    expect(partial("49,90")).toMatchObject({ body: { decision: "partial_refund", amount: 4_990, reason: "Kratzer am Display" } });
    expect(partial("")).toEqual({ problems: [{ field: "amount", problem: "amountRequired" }] });
    expect(partial("405")).toEqual({ problems: [{ field: "amount", problem: "amountInvalid" }] });
    expect(partial("0")).toEqual({ problems: [{ field: "amount", problem: "amountInvalid" }] });
    expect(partial("zehn", "")).toEqual({
      problems: [
        { field: "amount", problem: "amountInvalid" },
        { field: "reason", problem: "reasonRequired" },
      ],
    });
  });

  it("refuses with a reason and no units, and offers a flagged return nothing but its refusal", () => {
    expect(decisionBodyOf(ret(), { ...decisionValuesFrom(ret()), decision: "refused", reason: "Wasserschaden" })).toEqual({ body: { decision: "refused", items: [], reason: "Wasserschaden" } });
    expect(decisionBodyOf(ret(), { ...decisionValuesFrom(ret()), decision: "refused" })).toEqual({ problems: [{ field: "reason", problem: "reasonRequired" }] });
    expect(decisionBodyOf(ret(), decisionValuesFrom(ret()))).toEqual({ problems: [{ field: "decision", problem: "decisionRequired" }] });
    const flagged = ret({ identifierMismatch: true });
    expect(decisionValuesFrom(flagged).decision).toBe("refused");
    expect(decisionBodyOf(flagged, { ...decisionValuesFrom(flagged), decision: "full_refund" })).toEqual({ problems: [{ field: "decision", problem: "mismatch" }] });
  });

  it("reads the form as typed, and carries it through the second factor's page in the address", () => {
    const values = decisionValuesOf(form({ decision: "partial_refund", amount: "12,50", reason: "Kratzer", [`destination.${PHONE}`]: "in_repair", [`grade.${PHONE}`]: "A2" }), ret());
    expect(values).toEqual({ decision: "partial_refund", amount: "12,50", reason: "Kratzer", destinations: { [PHONE]: "in_repair", [BOOK]: "" }, grades: { [PHONE]: "A2", [BOOK]: "" } });
    const path = decisionDraftPath(ret(), values);
    expect(path.startsWith("/ops/returns/33333333-3333-4333-8333-333333333333?decision=partial_refund")).toBe(true);
    expect(decisionDraftOf(new URL(path, "http://x").searchParams, ret())).toEqual(values);
    expect(decisionDraftOf(new URLSearchParams("done=received"), ret())).toBeNull();
  });

  it("says the decision's refusals at their fields, the second factor's with the form kept", () => {
    expect(decideProblemOf(refusal("SECOND_FACTOR_REQUIRED", "x", 401))).toEqual({ field: null, problem: "secondFactor" });
    expect(decideProblemOf(refusal("RETURN_IDENTIFIER_MISMATCH"))).toEqual({ field: "decision", problem: "mismatch" });
    expect(decideProblemOf(refusal("RETURN_AMOUNT_INVALID", "amount"))).toEqual({ field: "amount", problem: "amountInvalid" });
    expect(decideProblemOf(refusal("VALIDATION_FAILED", "reason", 400))).toEqual({ field: "reason", problem: "reasonInvalid" });
    expect(decideProblemOf(refusal("RETURN_ALREADY_DECIDED"))).toEqual({ field: null, problem: "alreadyDecided" });
    expect(decideProblemOf(refusal("REFUND_PROVIDER_REFUSED", "x", 502))).toEqual({ field: null, problem: "providerFailed" });
  });
});
