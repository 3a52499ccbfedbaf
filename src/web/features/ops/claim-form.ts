import { isShippingCarrier } from "../../../domain/checkout/carriers.ts";
import { CLAIM_STATUSES, type ClaimDecision, type ClaimStatus } from "../../../domain/returns/returns.ts";
import { mayAct, type StaffRole } from "../../../domain/staff/staff.ts";
import type { ClaimDecisionInput, OpsClaim } from "../../api-client/ops-returns.ts";
import type { FieldProblem } from "./unit-form.ts";
import { moneyDecisionProblem, otherProblem, type ApiRefusal } from "./money-decision.ts";

/**
 * The warranty claims pages' rules that are not drawing: their addresses and filter, the decisions a
 * member's roles may take on a claim in its status, the forms as typed and the bodies they send,
 * and the API's refusals at their fields.
 */
export const CLAIMS_PATH = "/ops/warranty-claims";
export const claimPath = (claim: { uuid: string }) => `${CLAIMS_PATH}/${claim.uuid}`;

export const claimStatusOf = (value: string | null): ClaimStatus | null => ((CLAIM_STATUSES as readonly string[]).includes(value ?? "") ? (value as ClaimStatus) : null);

/** The list's address with its status and page (all claims, first page: bare). */
export function claimsPath(status: ClaimStatus | null, page = 1): string {
  const search = new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return search ? `${CLAIMS_PATH}?${search}` : CLAIMS_PATH;
}

/** Support, finance and grading decide claims; money back only support and finance (as the API checks it; admins do all). */
export const CLAIM_DECIDE_ROLES: readonly StaffRole[] = ["support", "finance", "grading"];
export const CLAIM_REFUND_ROLES: readonly StaffRole[] = ["finance", "support"];

/** The first decisions on an open claim, in the page's order. */
export const OPEN_DECISIONS = ["repair", "replacement", "refund", "refused"] as const satisfies readonly ClaimDecision[];
export type OpenDecision = (typeof OPEN_DECISIONS)[number];

/** What this member may decide on the claim now: its first decision (those their roles allow), or the repair done. */
export function claimActions(roles: readonly StaffRole[], claim: Pick<OpsClaim, "status">): { decisions: OpenDecision[]; repaired: boolean } {
  const decides = mayAct(roles, CLAIM_DECIDE_ROLES);
  return {
    decisions: decides && claim.status === "open" ? OPEN_DECISIONS.filter((d) => d !== "refund" || mayAct(roles, CLAIM_REFUND_ROLES)) : [],
    repaired: decides && claim.status === "in_repair",
  };
}

export type ClaimField = "decision" | "reason" | "carrier" | "trackingNumber";
/** A claim's form as typed: the first decision with its reason, or the repaired device's parcel. */
export interface ClaimValues {
  decision: string;
  reason: string;
  carrier: string;
  trackingNumber: string;
}

export function claimValuesOf(form: FormData | URLSearchParams): ClaimValues {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  return { decision: text("decision"), reason: text("reason"), carrier: text("carrier"), trackingNumber: text("trackingNumber") };
}

/** The decision as the API takes it, or each field's problem; `allowed` are the decisions the page offered. */
export function claimBodyOf(values: ClaimValues, allowed: readonly ClaimDecision[]): { body: ClaimDecisionInput } | { problems: FieldProblem<ClaimField>[] } {
  const decision = allowed.find((d) => d === values.decision);
  if (!decision) return { problems: [{ field: "decision", problem: "decisionRequired" }] };
  const problems: FieldProblem<ClaimField>[] = [];
  if (decision === "refused" && !values.reason) problems.push({ field: "reason", problem: "reasonRequired" });
  if (values.reason.length > 500) problems.push({ field: "reason", problem: "reasonTooLong" });
  if (decision === "repaired") {
    if (!isShippingCarrier(values.carrier)) problems.push({ field: "carrier", problem: "carrierInvalid" });
    if (!values.trackingNumber) problems.push({ field: "trackingNumber", problem: "trackingNumberRequired" });
    if (problems.length > 0 || !isShippingCarrier(values.carrier)) return { problems };
    return { body: { decision, carrier: values.carrier, trackingNumber: values.trackingNumber, ...(values.reason ? { reason: values.reason } : {}) } };
  }
  if (problems.length > 0) return { problems };
  return { body: { decision, ...(values.reason ? { reason: values.reason } : {}) } };
}


/** A decision refused, in the page's words (ops.claims.problems), at its field or the form's. */
export function claimProblemOf(error: ApiRefusal): FieldProblem<ClaimField> {
  const shared = moneyDecisionProblem(error);
  if (shared) return { field: null, problem: shared };
  const reference = error.errors[0]?.reference ?? "";
  switch (error.code) {
    case "CLAIM_DECISION_NOT_ALLOWED":
      return { field: null, problem: "notAllowedNow" };
    case "REPLACEMENT_OUT_OF_STOCK":
      return { field: "decision", problem: "outOfStock" };
    case "TRACKING_NUMBER_INVALID":
      return { field: "trackingNumber", problem: "trackingNumberInvalid" };
    case "VALIDATION_FAILED":
      if (reference.endsWith("reason")) return { field: "reason", problem: "reasonInvalid" };
      if (reference.endsWith("carrier")) return { field: "carrier", problem: "carrierInvalid" };
      if (reference.endsWith("trackingNumber")) return { field: "trackingNumber", problem: "trackingNumberInvalid" };
      return { field: null, problem: "failed" };
  }
  return { field: null, problem: otherProblem(error) };
}

/** The decision as typed, carried in the page's address through the second factor's page (a refund asks it again after a few minutes). */
export function claimDraftPath(claim: { uuid: string }, values: ClaimValues): string {
  return `${claimPath(claim)}?${new URLSearchParams({ decision: values.decision, reason: values.reason })}`;
}

/** A decision carried in the address (claimDraftPath), or null when there is none. */
export const claimDraftOf = (params: URLSearchParams): ClaimValues | null => (params.has("decision") ? { ...claimValuesOf(params), carrier: "", trackingNumber: "" } : null);
