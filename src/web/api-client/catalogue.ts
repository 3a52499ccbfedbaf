import type { OpsCategory, OpsCategoryInput, OpsCategoryTree, OpsProduct, OpsProductInput, OpsProductList, OpsProductListQuery } from "../../api/contract.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Support's and admins' calls for the catalogue: products and their pictures, the category tree. */
export function catalogueApi(api: ApiClient) {
  return {
    products: (query: OpsProductListQuery) => api.call<OpsProductList>({ method: "GET", path: "/api/ops/products", query }),
    product: (productId: number) => api.call<OpsProduct>({ method: "GET", path: apiPath`/api/ops/products/${productId}` }),
    create: (body: OpsProductInput) => api.call<OpsProduct>({ method: "POST", path: "/api/ops/products", body }),
    update: (productId: number, body: OpsProductInput) => api.call<OpsProduct>({ method: "PUT", path: apiPath`/api/ops/products/${productId}`, body }),
    uploadPictures: (productId: number, pictures: readonly File[]) => {
      const form = new FormData();
      for (const picture of pictures) form.append("photos", picture, picture.name);
      return api.call<OpsProduct>({ method: "POST", path: apiPath`/api/ops/products/${productId}/pictures`, form });
    },
    orderPictures: (productId: number, mediaIds: number[]) => api.call<OpsProduct>({ method: "PUT", path: apiPath`/api/ops/products/${productId}/pictures/order`, body: { mediaIds } }),
    deletePicture: (productId: number, mediaId: number) => api.call<OpsProduct>({ method: "DELETE", path: apiPath`/api/ops/products/${productId}/pictures/${mediaId}` }),
    categories: () => api.call<OpsCategoryTree>({ method: "GET", path: "/api/ops/categories" }),
    category: (categoryId: number) => api.call<OpsCategory>({ method: "GET", path: apiPath`/api/ops/categories/${categoryId}` }),
    createCategory: (body: OpsCategoryInput) => api.call<OpsCategory>({ method: "POST", path: "/api/ops/categories", body }),
    updateCategory: (categoryId: number, body: OpsCategoryInput) => api.call<OpsCategory>({ method: "PUT", path: apiPath`/api/ops/categories/${categoryId}`, body }),
  };
}
