import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { parseReturnLabel, partialRefundAllowed, RETURN_DECISIONS, RETURN_STATUSES, UNIT_DESTINATIONS, type ReturnDecision, type ReturnStatus, type UnitDestination } from "../../../domain/returns/returns.ts";
import { mayAct, type StaffRole } from "../../../domain/staff/staff.ts";
import { normalizeIdentifier } from "../../../domain/stock/units.ts";
import type { OpsReturn, OpsReturnItem, ReceiveInput, ReturnDecisionInput } from "../../api-client/ops-returns.ts";
import { centsOf, type FieldProblem } from "./unit-form.ts";
import { moneyDecisionProblem, otherProblem } from "./money-decision.ts";

/**
 * The returns pages' rules that are not drawing: their addresses and filter, what a member's roles
 * do with a return in its status, the receiving and decision forms as typed and the bodies they
 * send, and the API's refusals at their fields.
 */
export const RETURNS_PATH = "/ops/returns";
export const returnPath = (ret: { uuid: string }) => `${RETURNS_PATH}/${ret.uuid}`;

export const returnStatusOf = (value: string | null): ReturnStatus | null => ((RETURN_STATUSES as readonly string[]).includes(value ?? "") ? (value as ReturnStatus) : null);

/** The list's address with its status and page (all returns, first page: bare). */
export function returnsPath(status: ReturnStatus | null, page = 1): string {
  const search = new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return search ? `${RETURNS_PATH}?${search}` : RETURNS_PATH;
}

/** Receiving and grading take parcels in; support and finance decide (as the API checks it; admins do all). */
export const RECEIVE_ROLES: readonly StaffRole[] = ["receiving", "grading"];
export const DECIDE_ROLES: readonly StaffRole[] = ["finance", "support"];

export function returnActions(roles: readonly StaffRole[], ret: Pick<OpsReturn, "status">) {
  return { receive: mayAct(roles, RECEIVE_ROLES) && ret.status === "requested", decide: mayAct(roles, DECIDE_ROLES) && ret.status === "received" };
}

/** A device whose IMEI or serial number is known: receiving reads it off the device that came back. */
export const needsIdentifier = (item: OpsReturnItem) => Boolean(item.unit?.identifier);

/** What was shipped and what came back for an item; `matches` is null while nothing was scanned or there is nothing to compare. */
export function identifierCheck(ret: Pick<OpsReturn, "receivedIdentifiers">, item: OpsReturnItem): { expected: string | null; received: string | null; matches: boolean | null } {
  const expected = item.unit?.identifier ?? null;
  if (!ret.receivedIdentifiers) return { expected, received: null, matches: null };
  const received = ret.receivedIdentifiers[item.orderItemUuid] ?? null;
  if (!expected) return { expected, received, matches: null };
  return { expected, received, matches: received !== null && normalizeIdentifier(received) === normalizeIdentifier(expected) };
}

/** What is left to refund of the return's items: a full refund's amount, the bound of a partial one. */
export const refundableTotal = (ret: Pick<OpsReturn, "items">) => ret.items.reduce((sum, item) => sum + item.refundable.amount, 0);

/** Items whose unit is back in the house: each needs its destination when money goes back. */
export const inspectedItems = (ret: Pick<OpsReturn, "items">) => ret.items.filter((item) => item.unit?.status === "returned");

export type ReceiveProblem =
  | "labelRequired"
  | "labelInvalid"
  | "claimLabel"
  | "notFound"
  | "alreadyReceived"
  | "identifierRequired"
  | "identifierInvalid"
  | "itemInvalid"
  | "notAllowed"
  | "failed";

/** A scanned or typed label: the return's number ("RT-001234"), or why it is none. */
export function scannedLabelOf(text: string): { number: string } | { problem: ReceiveProblem } {
  if (!text.trim()) return { problem: "labelRequired" };
  const label = parseReturnLabel(text);
  if (!label) return { problem: "labelInvalid" };
  return label.kind === "claim" ? { problem: "claimLabel" } : { number: label.number };
}

export const identifierName = (item: { orderItemUuid: string }) => `identifier.${item.orderItemUuid}`;
const IDENTIFIER = /^[A-Za-z0-9 -]{4,64}$/;

/** The IMEIs as typed on the return's page, by item (for showing them again after a refusal). */
export function receiveValuesOf(form: FormData, ret: Pick<OpsReturn, "items">): Record<string, string> {
  return Object.fromEntries(ret.items.filter(needsIdentifier).map((item) => [item.orderItemUuid, String(form.get(identifierName(item)) ?? "").trim()]));
}

/** The receiving call for the return's items: each device's IMEI is required (an empty one would flag the return for good), or each field's problem. */
export function receiveBodyOf(ret: Pick<OpsReturn, "number" | "items">, values: Record<string, string>): { body: ReceiveInput } | { problems: FieldProblem<string>[] } {
  const problems: FieldProblem<string>[] = [];
  const identifiers: NonNullable<ReceiveInput["identifiers"]> = [];
  for (const item of ret.items.filter(needsIdentifier)) {
    const typed = (values[item.orderItemUuid] ?? "").trim();
    if (!typed) problems.push({ field: item.orderItemUuid, problem: "identifierRequired" });
    else if (!IDENTIFIER.test(typed)) problems.push({ field: item.orderItemUuid, problem: "identifierInvalid" });
    else identifiers.push({ orderItemUuid: item.orderItemUuid, identifier: typed });
  }
  if (problems.length > 0) return { problems };
  return { body: { label: ret.number, ...(identifiers.length > 0 ? { identifiers } : {}) } };
}

type ApiRefusal = { code: string | undefined; errors: readonly { code: string; reference: string }[] };

/** A receiving refused: at an item's IMEI (by its place in the body), or the form's. */
export function receiveProblemOf(error: ApiRefusal, items: readonly { orderItemUuid: string }[]): FieldProblem<string> & { problem: ReceiveProblem } {
  switch (error.code) {
    case "RETURN_NOT_FOUND":
      return { field: null, problem: "notFound" };
    case "RETURN_ALREADY_RECEIVED":
      return { field: null, problem: "alreadyReceived" };
    case "RETURN_ITEM_INVALID":
      return { field: null, problem: "itemInvalid" };
    case "ROLE_REQUIRED":
      return { field: null, problem: "notAllowed" };
    case "VALIDATION_FAILED": {
      const reference = error.errors[0]?.reference ?? "";
      const index = /identifiers\.(\d+)/.exec(reference)?.[1];
      const item = index === undefined ? undefined : items[Number(index)];
      return item ? { field: item.orderItemUuid, problem: "identifierInvalid" } : { field: null, problem: "labelInvalid" };
    }
    default:
      return { field: null, problem: "failed" };
  }
}

/** The decision form as typed: every value a string, so it is shown again as it was. */
export interface DecisionValues {
  decision: string;
  amount: string;
  reason: string;
  destinations: Record<string, string>;
  grades: Record<string, string>;
}
export const destinationName = (item: { orderItemUuid: string }) => `destination.${item.orderItemUuid}`;
export const gradeName = (item: { orderItemUuid: string }) => `grade.${item.orderItemUuid}`;

export function decisionValuesOf(form: FormData | URLSearchParams, ret: Pick<OpsReturn, "items">): DecisionValues {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const items = inspectedItems(ret);
  return {
    decision: text("decision"),
    amount: text("amount"),
    reason: String(form.get("reason") ?? "").trim(),
    destinations: Object.fromEntries(items.map((item) => [item.orderItemUuid, text(destinationName(item))])),
    grades: Object.fromEntries(items.map((item) => [item.orderItemUuid, text(gradeName(item))])),
  };
}

/** The form before anything is typed: a flagged return can only be refused; units back in stock at their grade. */
export function decisionValuesFrom(ret: Pick<OpsReturn, "items" | "identifierMismatch">): DecisionValues {
  const items = inspectedItems(ret);
  return {
    decision: ret.identifierMismatch ? "refused" : "",
    amount: "",
    reason: "",
    destinations: Object.fromEntries(items.map((item) => [item.orderItemUuid, "in_stock"])),
    grades: Object.fromEntries(items.map((item) => [item.orderItemUuid, item.unit?.grade ?? item.grade])),
  };
}

/** The decisions the page offers: a flagged return (another device came back) only its refusal. */
export const decisionsFor = (ret: Pick<OpsReturn, "identifierMismatch">): readonly ReturnDecision[] => (ret.identifierMismatch ? ["refused"] : RETURN_DECISIONS);

export type DecisionField = "decision" | "amount" | "reason" | `destination.${string}`;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | null => ((values as readonly string[]).includes(value ?? "") ? (value as T) : null);

/** The decision as the API takes it (a partial refund's euros in cents), or each field's problem. */
export function decisionBodyOf(ret: Pick<OpsReturn, "items" | "identifierMismatch">, values: DecisionValues): { body: ReturnDecisionInput } | { problems: FieldProblem<DecisionField>[] } {
  const decision = oneOf(decisionsFor(ret), values.decision);
  if (!decision) return { problems: [{ field: "decision", problem: oneOf(RETURN_DECISIONS, values.decision) ? "mismatch" : "decisionRequired" }] };
  const problems: FieldProblem<DecisionField>[] = [];
  let amount: number | undefined;
  if (decision === "partial_refund") {
    const cents = values.amount ? centsOf(values.amount) : null;
    if (!values.amount) problems.push({ field: "amount", problem: "amountRequired" });
    else if (cents === null || !partialRefundAllowed(cents, refundableTotal(ret))) problems.push({ field: "amount", problem: "amountInvalid" });
    else amount = cents;
  }
  if (decision !== "full_refund" && !values.reason) problems.push({ field: "reason", problem: "reasonRequired" });
  if (values.reason.length > 500) problems.push({ field: "reason", problem: "reasonTooLong" });
  const items: ReturnDecisionInput["items"] = [];
  if (decision !== "refused") {
    for (const item of inspectedItems(ret)) {
      const destination = oneOf<UnitDestination>(UNIT_DESTINATIONS, values.destinations[item.orderItemUuid]);
      if (!destination) {
        problems.push({ field: `destination.${item.orderItemUuid}`, problem: "destinationRequired" });
        continue;
      }
      const grade = oneOf<Grade>(GRADES, values.grades[item.orderItemUuid]);
      items.push({ orderItemUuid: item.orderItemUuid, destination, ...(destination === "in_stock" && grade ? { grade } : {}) });
    }
  }
  if (problems.length > 0) return { problems };
  return { body: { decision, items, ...(amount !== undefined ? { amount } : {}), ...(values.reason ? { reason: values.reason } : {}) } };
}

/** A decision refused, in the page's words (ops.returns.problems), at its field or the form's. */
export function decideProblemOf(error: ApiRefusal & { status: number }): FieldProblem<DecisionField> {
  const shared = moneyDecisionProblem(error);
  if (shared) return { field: null, problem: shared };
  const reference = error.errors[0]?.reference ?? "";
  switch (error.code) {
    case "RETURN_IDENTIFIER_MISMATCH":
      return { field: "decision", problem: "mismatch" };
    case "RETURN_AMOUNT_INVALID":
      return { field: "amount", problem: "amountInvalid" };
    case "RETURN_NOT_RECEIVED":
      return { field: null, problem: "notReceived" };
    case "RETURN_ALREADY_DECIDED":
      return { field: null, problem: "alreadyDecided" };
    case "RETURN_ITEM_INVALID":
      return { field: null, problem: "itemInvalid" };
    case "VALIDATION_FAILED":
      if (reference.endsWith("reason")) return { field: "reason", problem: "reasonInvalid" };
      if (reference.endsWith("amount")) return { field: "amount", problem: "amountInvalid" };
      return { field: null, problem: "failed" };
  }
  return { field: null, problem: otherProblem(error) };
}

/**
 * The decision as typed, carried in the page's address through the second factor's page (asked
 * again when money goes back after a few minutes), so that it comes back as it was.
 */
export function decisionDraftPath(ret: { uuid: string }, values: DecisionValues): string {
  const params = new URLSearchParams({ decision: values.decision, amount: values.amount, reason: values.reason });
  for (const [uuid, destination] of Object.entries(values.destinations)) params.set(`destination.${uuid}`, destination);
  for (const [uuid, grade] of Object.entries(values.grades)) params.set(`grade.${uuid}`, grade);
  return `${returnPath(ret)}?${params}`;
}

/** A decision carried in the address (decisionDraftPath), or null when there is none. */
export function decisionDraftOf(params: URLSearchParams, ret: Pick<OpsReturn, "items">): DecisionValues | null {
  return params.has("decision") ? decisionValuesOf(params, ret) : null;
}
