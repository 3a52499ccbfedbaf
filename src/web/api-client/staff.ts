import type { AuditLogQuery, AuditPage, OpsMe, PasskeyOptions, PasskeyRegisterInput, SecondFactorInput, StaffInviteInput, StaffList, StaffUpdateInput, TotpSetup } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** The back-office's own calls: who is signed in, the second factor, the staff and the audit log. Only the /ops routes load them. */
export function staffApi(api: ApiClient) {
  return {
    opsMe: () => api.call<OpsMe>({ method: "GET", path: "/api/ops/me" }),
    opsSecondFactor: (body: SecondFactorInput) => api.call<OpsMe>({ method: "POST", path: "/api/ops/second-factor", body }),
    opsTotpSetup: () => api.call<TotpSetup>({ method: "POST", path: "/api/ops/second-factor/totp" }),
    passkeyRegistrationOptions: () => api.call<PasskeyOptions>({ method: "POST", path: "/api/ops/second-factor/passkeys/options" }),
    passkeyRegister: (body: PasskeyRegisterInput) => api.call<OpsMe>({ method: "POST", path: "/api/ops/second-factor/passkeys", body }),
    passkeyAuthenticationOptions: () => api.call<PasskeyOptions>({ method: "POST", path: "/api/ops/second-factor/passkey-challenge" }),
    passkeyDelete: (credentialId: string) => api.call<OpsMe>({ method: "DELETE", path: apiPath`/api/ops/second-factor/passkeys/${credentialId}` }),
    staffList: () => api.call<StaffList>({ method: "GET", path: "/api/ops/staff" }),
    staffInvite: (body: StaffInviteInput) => api.call<StaffList>({ method: "POST", path: "/api/ops/staff/invitations", body }),
    staffUpdate: async (staffUuid: string, body: StaffUpdateInput) => api.call<StaffList>({ method: "PATCH", path: apiPath`/api/ops/staff/${staffUuid}`, body }),
    auditLog: (query: AuditLogQuery) => api.call<AuditPage>({ method: "GET", path: "/api/ops/audit", query }),
    acceptStaffInvitation: (token: string) => api.call<null>({ method: "POST", path: "/api/staff-invitations/accept", body: { token } }),
  };
}
