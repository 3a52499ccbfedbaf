import type {
  OpsPriceOverrideInput,
  OpsPriceRule,
  OpsPriceRuleApplied,
  OpsPriceRuleApplyInput,
  OpsPriceRuleInput,
  OpsPriceRuleList,
  OpsPriceRulePreview,
  OpsProductPriceList,
  OpsProductPrices,
  OpsPurchasePricesInput,
  PriceRulePreviewQuery,
  ProductPriceListQuery,
} from "../../api/contract.ts";
import type { Grade } from "../../domain/catalogue/grades.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** Finance's and admins' calls for prices: rules with their preview and apply, one product's prices by hand and its trade-in purchase prices. */
export function pricesApi(api: ApiClient) {
  return {
    rules: () => api.call<OpsPriceRuleList>({ method: "GET", path: "/api/ops/price-rules" }),
    rule: (ruleId: number) => api.call<OpsPriceRule>({ method: "GET", path: apiPath`/api/ops/price-rules/${ruleId}` }),
    createRule: (body: OpsPriceRuleInput) => api.call<OpsPriceRule>({ method: "POST", path: "/api/ops/price-rules", body }),
    updateRule: (ruleId: number, body: OpsPriceRuleInput) => api.call<OpsPriceRule>({ method: "PUT", path: apiPath`/api/ops/price-rules/${ruleId}`, body }),
    deleteRule: (ruleId: number) => api.call<null>({ method: "DELETE", path: apiPath`/api/ops/price-rules/${ruleId}` }),
    preview: (ruleId: number, query: PriceRulePreviewQuery) => api.call<OpsPriceRulePreview>({ method: "GET", path: apiPath`/api/ops/price-rules/${ruleId}/preview`, query }),
    apply: (ruleId: number, body: OpsPriceRuleApplyInput) => api.call<OpsPriceRuleApplied>({ method: "POST", path: apiPath`/api/ops/price-rules/${ruleId}/apply`, body }),
    products: (query: ProductPriceListQuery) => api.call<OpsProductPriceList>({ method: "GET", path: "/api/ops/prices/products", query }),
    product: (productId: number) => api.call<OpsProductPrices>({ method: "GET", path: apiPath`/api/ops/prices/products/${productId}` }),
    setOverride: (productId: number, grade: Grade, body: OpsPriceOverrideInput) =>
      api.call<OpsProductPrices>({ method: "PUT", path: apiPath`/api/ops/prices/products/${productId}/overrides/${grade}`, body }),
    removeOverride: (productId: number, grade: Grade) => api.call<OpsProductPrices>({ method: "DELETE", path: apiPath`/api/ops/prices/products/${productId}/overrides/${grade}` }),
    setPurchasePrices: (productId: number, body: OpsPurchasePricesInput) => api.call<OpsProductPrices>({ method: "PUT", path: apiPath`/api/ops/prices/products/${productId}/purchase-prices`, body }),
  };
}
