import type { OpsMe, SecondFactorInput, TotpSetup } from "../../api/contract.ts";
import type { ApiClient } from "./client.ts";

/** The back-office's own calls: who is signed in, and the second factor. Only the /ops routes load them. */
export function staffApi(api: ApiClient) {
  return {
    opsMe: () => api.call<OpsMe>({ method: "GET", path: "/api/ops/me" }),
    opsSecondFactor: (body: SecondFactorInput) => api.call<OpsMe>({ method: "POST", path: "/api/ops/second-factor", body }),
    opsTotpSetup: () => api.call<TotpSetup>({ method: "POST", path: "/api/ops/second-factor/totp" }),
  };
}
