import type { CustomerViewError, OpsCustomer, OpsCustomerList, OpsCustomerNote, OpsCustomerStory } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

export type { CustomerViewError, OpsCustomer, OpsCustomerList, OpsCustomerNote, OpsCustomerStory };

/** Support's calls: customers found by e-mail, name or order number, one customer's whole story, a note on them. */
export function supportApi(api: ApiClient) {
  return {
    customers: (q: string) => api.call<OpsCustomerList>({ method: "GET", path: "/api/ops/customers", query: { q } }),
    customer: async (customerUuid: string) => api.call<OpsCustomerStory>({ method: "GET", path: apiPath`/api/ops/customers/${customerUuid}` }),
    addNote: async (customerUuid: string, text: string) => api.call<OpsCustomerNote>({ method: "POST", path: apiPath`/api/ops/customers/${customerUuid}/notes`, body: { text } }),
  };
}
