import type { ErrorCode, GeneralError } from "../../api/contract.ts";
import type { OrderStatus } from "../../domain/checkout/orders.ts";
import type { ClaimStatus, ReturnStatus } from "../../domain/returns/returns.ts";
import type { SaleStatus } from "../../domain/selling/sales.ts";
import { apiPath, type ApiClient } from "./client.ts";

/*
 * Support's customer pages, as the API answers them (api_ops_customer_*). Their types are not part
 * of the contract yet: they follow the operations' schemas, and the refusals' codes are checked
 * against the API's catalogue (ErrorCode).
 */
type Money = { amount: number; currency: "EUR" };

export interface OpsCustomer {
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
}
export interface OpsCustomerList {
  customers: OpsCustomer[];
}
export interface OpsCustomerNote {
  id: number;
  text: string;
  authorEmail: string;
  at: string;
}

/** Everything the customer did with the shop, newest first, and support's notes on them. */
export interface OpsCustomerStory {
  customer: OpsCustomer & { locale: string; emailVerified: boolean; emailUndeliverable: boolean };
  orders: { uuid: string; number: string; status: OrderStatus; placedAt: string; total: Money; refunded: Money }[];
  sales: { uuid: string; number: string; status: SaleStatus; createdAt: string }[];
  returns: { uuid: string; number: string; orderNumber: string; status: ReturnStatus; createdAt: string }[];
  claims: { uuid: string; number: string; orderNumber: string; itemName: string; status: ClaimStatus; createdAt: string }[];
  mails: { subject: string; at: string }[];
  notes: OpsCustomerNote[];
}

type StaffGuard = "SECOND_FACTOR_REQUIRED" | "STAFF_SESSION_EXPIRED" | "ROLE_REQUIRED";
export type CustomerViewError = Extract<ErrorCode, "VALIDATION_FAILED" | StaffGuard | "CUSTOMER_NOT_FOUND"> | GeneralError;

/** Support's calls: customers found by e-mail, name or order number, one customer's whole story, a note on them. */
export function supportApi(api: ApiClient) {
  return {
    customers: (q: string) => api.call<OpsCustomerList>({ method: "GET", path: "/api/ops/customers", query: { q } }),
    customer: async (customerUuid: string) => api.call<OpsCustomerStory>({ method: "GET", path: apiPath`/api/ops/customers/${customerUuid}` }),
    addNote: async (customerUuid: string, text: string) => api.call<OpsCustomerNote>({ method: "POST", path: apiPath`/api/ops/customers/${customerUuid}/notes`, body: { text } }),
  };
}
