import type { OpsBankStatementImport, OpsBankTransfer, OpsBankTransferList, OpsTransferBookInput, TransferListQuery } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Finance's calls for incoming bank transfers: the statement's import, the list by state, a transfer booked by hand. Only the transfers page loads them. */
export function bankTransfersApi(api: ApiClient) {
  return {
    transfers: (query: TransferListQuery) => api.call<OpsBankTransferList>({ method: "GET", path: "/api/ops/bank-transfers", query }),
    /** The bank's statement file (camt.053), sent as the form's one file. */
    importStatement: (statement: File) => {
      const form = new FormData();
      form.append("statement", statement, statement.name);
      return api.call<OpsBankStatementImport>({ method: "POST", path: "/api/ops/bank-statements", form });
    },
    book: (transferId: number, body: OpsTransferBookInput) => api.call<OpsBankTransfer>({ method: "POST", path: apiPath`/api/ops/bank-transfers/${transferId}/booking`, body }),
  };
}
