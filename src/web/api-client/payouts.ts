import type { DuePayouts, PayoutBatchCreateInput, PayoutBatchList, PayoutBatchView } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Finance's calls: due payouts, batches, their execution and returned transfers. Only the payout pages load them. */
export function payoutsApi(api: ApiClient) {
  return {
    duePayouts: () => api.call<DuePayouts>({ method: "GET", path: "/api/ops/payouts/due" }),
    payoutBatches: () => api.call<PayoutBatchList>({ method: "GET", path: "/api/ops/payout-batches" }),
    payoutBatch: (id: number) => api.call<PayoutBatchView>({ method: "GET", path: apiPath`/api/ops/payout-batches/${id}` }),
    createPayoutBatch: (body: PayoutBatchCreateInput) => api.call<PayoutBatchView>({ method: "POST", path: "/api/ops/payout-batches", body }),
    markPayoutBatchExecuted: (id: number) => api.call<PayoutBatchView>({ method: "POST", path: apiPath`/api/ops/payout-batches/${id}/executed` }),
    markPayoutReturned: (saleUuid: string) => api.call<null>({ method: "POST", path: apiPath`/api/ops/payouts/${saleUuid}/returned` }),
  };
}
