import type {
  ClaimDecideError,
  ClaimDecisionInput,
  OpsClaim,
  OpsClaimList,
  OpsReturn,
  OpsReturnItem,
  OpsReturnList,
  ReceiveError,
  ReceiveInput,
  ReturnDecideError,
  ReturnDecisionBody as ReturnDecisionInput,
} from "../../api/contract.ts";
import type { ClaimStatus, ReturnStatus } from "../../domain/returns/returns.ts";
import { apiPath, type ApiClient } from "./client.ts";

export type { ClaimDecideError, ClaimDecisionInput, OpsClaim, OpsClaimList, OpsReturn, OpsReturnItem, OpsReturnList, ReceiveError, ReceiveInput, ReturnDecideError, ReturnDecisionInput };

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
