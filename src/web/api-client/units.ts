import type { OpsUnit, OpsUnitCreateInput, OpsUnitList, OpsUnitListQuery, OpsUnitUpdateInput } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Staff's calls for units: the list by status, product, grade or a scanned label / IMEI, one unit, its correction, a supplier's unit taken in. */
export function unitsApi(api: ApiClient) {
  return {
    units: (query: OpsUnitListQuery) => api.call<OpsUnitList>({ method: "GET", path: "/api/ops/units", query }),
    unit: (unitRef: string) => api.call<OpsUnit>({ method: "GET", path: apiPath`/api/ops/units/${unitRef}` }),
    update: (unitRef: string, body: OpsUnitUpdateInput) => api.call<OpsUnit>({ method: "PATCH", path: apiPath`/api/ops/units/${unitRef}`, body }),
    create: (body: OpsUnitCreateInput) => api.call<OpsUnit>({ method: "POST", path: "/api/ops/units", body }),
  };
}
