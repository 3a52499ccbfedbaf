import type { ErrorCode, GeneralError } from "../../api/contract.ts";
import type { Grade } from "../../domain/catalogue/grades.ts";
import type { ShippingCarrier } from "../../domain/checkout/carriers.ts";
import type { ClaimDecision, ClaimRemedy, ClaimStatus, ReturnDecision, ReturnKind, ReturnReason, ReturnStatus, UnitDestination } from "../../domain/returns/returns.ts";
import type { UnitStatus } from "../../domain/stock/units.ts";
import { apiPath, type ApiClient } from "./client.ts";

/*
 * Staff's returns and warranty claims, as the API answers them (api_ops_return_*, api_ops_claim_*).
 * Their types are not part of the contract yet: they follow the operations' schemas, and each
 * refusal's codes are checked against the API's catalogue (ErrorCode).
 */
type Money = { amount: number; currency: "EUR" };
type Codes<C extends ErrorCode> = C | GeneralError;
type StaffGuard = "SECOND_FACTOR_REQUIRED" | "STAFF_SESSION_EXPIRED" | "ROLE_REQUIRED";

/** A returned or claimed item with what was paid for it, what is left to refund, and the unit shipped for it. */
export interface OpsReturnItem {
  orderItemUuid: string;
  name: string;
  grade: Grade;
  reason: ReturnReason | null;
  paid: Money;
  refundable: Money;
  unit: { id: number; label: string; identifier: string | null; status: UnitStatus; grade: Grade } | null;
}

export interface OpsReturn {
  uuid: string;
  number: string;
  orderUuid: string;
  orderNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  items: OpsReturnItem[];
  comment: string | null;
  sendBy: string;
  createdAt: string;
  receivedAt: string | null;
  decidedAt: string | null;
  decision: ReturnDecision | null;
  decisionReason: string | null;
  refund: Money | null;
  labelUrl: string;
  email: string;
  customerUuid: string | null;
  /** What receiving scanned per item (by orderItemUuid). */
  receivedIdentifiers: Record<string, string | null> | null;
  /** A device other than the one shipped came back: refunds are refused. */
  identifierMismatch: boolean;
  unitDestination: UnitDestination | null;
}

export interface OpsReturnList {
  returns: {
    uuid: string;
    number: string;
    orderNumber: string;
    email: string;
    kind: ReturnKind;
    status: ReturnStatus;
    itemCount: number;
    identifierMismatch: boolean;
    createdAt: string;
    sendBy: string;
  }[];
  page: number;
  pageSize: number;
  total: number;
}

export interface OpsClaim {
  uuid: string;
  number: string;
  orderUuid: string;
  orderNumber: string;
  orderItemUuid: string;
  itemName: string;
  description: string;
  remedy: ClaimRemedy;
  status: ClaimStatus;
  decisionReason: string | null;
  refund: Money | null;
  replacement: { orderUuid: string; number: string } | null;
  repairShipment: { carrier: ShippingCarrier; trackingNumber: string; trackingUrl: string } | null;
  photoCount: number;
  createdAt: string;
  decidedAt: string | null;
  labelUrl: string;
  email: string;
  customerUuid: string | null;
  item: OpsReturnItem;
  photoUrls: string[];
}

export interface OpsClaimList {
  claims: { uuid: string; number: string; orderNumber: string; email: string; itemName: string; remedy: ClaimRemedy; status: ClaimStatus; createdAt: string }[];
  page: number;
  pageSize: number;
  total: number;
}

export interface ReceiveInput {
  label: string;
  identifiers?: { orderItemUuid: string; identifier: string | null }[];
}
export interface ReturnDecisionInput {
  decision: ReturnDecision;
  amount?: number;
  reason?: string;
  items: { orderItemUuid: string; destination: UnitDestination; grade?: Grade }[];
}
export interface ClaimDecisionInput {
  decision: ClaimDecision;
  reason?: string;
  carrier?: ShippingCarrier;
  trackingNumber?: string;
}

export type ReceiveError = Codes<"VALIDATION_FAILED" | StaffGuard | "RETURN_NOT_FOUND" | "RETURN_ALREADY_RECEIVED" | "RETURN_ITEM_INVALID">;
type RefundTrouble = "ORDER_NOT_PAID" | "REFUND_EXCEEDS_PAID" | "PAYMENT_PROVIDER_NOT_CONFIGURED" | "PAYMENT_PROVIDER_UNAVAILABLE" | "REFUND_PROVIDER_REFUSED";
export type ReturnDecideError = Codes<
  | "VALIDATION_FAILED"
  | StaffGuard
  | "RETURN_NOT_FOUND"
  | "RETURN_NOT_RECEIVED"
  | "RETURN_ALREADY_DECIDED"
  | "RETURN_IDENTIFIER_MISMATCH"
  | "RETURN_AMOUNT_INVALID"
  | "RETURN_ITEM_INVALID"
  | RefundTrouble
>;
export type ClaimDecideError = Codes<"VALIDATION_FAILED" | "TRACKING_NUMBER_INVALID" | StaffGuard | "CLAIM_NOT_FOUND" | "CLAIM_DECISION_NOT_ALLOWED" | "REPLACEMENT_OUT_OF_STOCK" | RefundTrouble>;

/** Staff's calls for returns and warranty claims. Only the back-office's return and claim pages load them. */
export function returnOpsApi(api: ApiClient) {
  const returns = (query: { status?: ReturnStatus; q?: string; page?: number }) => api.call<OpsReturnList>({ method: "GET", path: "/api/ops/returns", query });
  return {
    returns,
    return: async (returnUuid: string) => api.call<OpsReturn>({ method: "GET", path: apiPath`/api/ops/returns/${returnUuid}` }),
    receive: (body: ReceiveInput) => api.call<OpsReturn>({ method: "POST", path: "/api/ops/returns/receive", body }),
    decide: async (returnUuid: string, body: ReturnDecisionInput) => api.call<OpsReturn>({ method: "POST", path: apiPath`/api/ops/returns/${returnUuid}/decision`, body }),
    claims: (query: { status?: ClaimStatus; page?: number }) => api.call<OpsClaimList>({ method: "GET", path: "/api/ops/warranty-claims", query }),
    claim: async (claimUuid: string) => api.call<OpsClaim>({ method: "GET", path: apiPath`/api/ops/warranty-claims/${claimUuid}` }),
    decideClaim: async (claimUuid: string, body: ClaimDecisionInput) => api.call<OpsClaim>({ method: "POST", path: apiPath`/api/ops/warranty-claims/${claimUuid}/decision`, body }),
    /** The return a scanned label names among those whose parcel is expected (the receiving queue); null when none is. */
    async expectedByNumber(number: string): Promise<OpsReturnList["returns"][number] | null> {
      const list = await returns({ status: "requested", q: number });
      return list.returns.find((r) => r.number === number) ?? null;
    },
  };
}
