import type { OpsDashboard, OpsDashboardQuery } from "../../api/contract.ts";
import type { ApiClient } from "./client.ts";

/** The back-office start's figures: the parts the member's roles show, over 30 or 90 days. */
export function dashboardApi(api: ApiClient) {
  return {
    dashboard: (query: OpsDashboardQuery) => api.call<OpsDashboard>({ method: "GET", path: "/api/ops/dashboard", query }),
  };
}
