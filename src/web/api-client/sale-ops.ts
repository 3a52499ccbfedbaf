import type { OpsInspectionInput, OpsSaleList, OpsSaleListQuery, OpsSaleReceiveInput, OpsSaleView, UnmatchedParcelInput, UnmatchedParcelList } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Receiving's and grading's calls: the sales expected and arrived, one sale, its parcel received and photographed, an item's inspection, parcels that matched no sale. */
export function saleOpsApi(api: ApiClient) {
  return {
    sales: (query: OpsSaleListQuery) => api.call<OpsSaleList>({ method: "GET", path: "/api/ops/sales", query }),
    sale: (saleRef: string) => api.call<OpsSaleView>({ method: "GET", path: apiPath`/api/ops/sales/${saleRef}` }),
    receive: (saleUuid: string, body: OpsSaleReceiveInput) => api.call<OpsSaleView>({ method: "POST", path: apiPath`/api/ops/sales/${saleUuid}/receive`, body }),
    /** Photos of the parcel's damage, sent as the form's files (at most 6). */
    uploadPhotos: async (saleUuid: string, photos: readonly File[]) => {
      const form = new FormData();
      for (const photo of photos) form.append("photos", photo, photo.name);
      return api.call<OpsSaleView>({ method: "POST", path: apiPath`/api/ops/sales/${saleUuid}/photos`, form });
    },
    deletePhoto: async (saleUuid: string, photoUuid: string) => api.call<OpsSaleView>({ method: "DELETE", path: apiPath`/api/ops/sales/${saleUuid}/photos/${photoUuid}` }),
    inspect: (saleUuid: string, itemUuid: string, body: OpsInspectionInput) =>
      api.call<OpsSaleView>({ method: "POST", path: apiPath`/api/ops/sales/${saleUuid}/items/${itemUuid}/inspection`, body }),
    unmatchedParcels: () => api.call<UnmatchedParcelList>({ method: "GET", path: "/api/ops/parcels/unmatched" }),
    recordUnmatchedParcel: (body: UnmatchedParcelInput) => api.call<UnmatchedParcelList>({ method: "POST", path: "/api/ops/parcels/unmatched", body }),
  };
}
