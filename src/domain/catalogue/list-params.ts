import { GRADES, type Grade } from "./grades.ts";
import { PRODUCT_SORTS, type ProductSort } from "./listing.ts";
import { PRICE_BANDS } from "./price-bands.ts";

/** A list page's state as it lives in the URL: shareable, and the back button restores it. */
export interface ListParams {
  page: number;
  sort: ProductSort;
  priceMin?: number;
  priceMax?: number;
  grade: Grade[];
  brand: string[];
  color: string[];
  rom: string[];
  inStock: boolean;
  onSale: boolean;
}

const values = (params: URLSearchParams, key: string, max = 20): string[] =>
  [...new Set(params.getAll(key).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v && v.length <= 60))].slice(0, max);

/** Euros in the URL ("199" or "199.50") to cents; anything else is dropped, not an error. */
function euros(value: string | null): number | undefined {
  if (!value || !/^\d{1,7}([.,]\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value.replace(",", ".")) * 100);
}

/** Reads the URL leniently: a visitor's typo drops that filter instead of breaking the page. */
export function parseListParams(params: URLSearchParams): ListParams {
  const page = Number(params.get("page") ?? "1");
  const sort = params.get("sort");
  let priceMin = euros(params.get("priceMin"));
  let priceMax = euros(params.get("priceMax"));
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  // The filter panel's price choice: a band, "all", or "custom" (keep priceMin/priceMax).
  const choice = params.get("priceBand");
  if (choice !== null && choice !== "custom") {
    const band = /^\d{1,2}$/.test(choice) && Number(choice) < PRICE_BANDS.length ? PRICE_BANDS[Number(choice)]! : undefined;
    priceMin = band?.min;
    priceMax = band?.max ?? undefined;
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ProductSort) : "relevance",
    ...(priceMin !== undefined ? { priceMin } : {}),
    ...(priceMax !== undefined ? { priceMax } : {}),
    grade: values(params, "grade").map((g) => g.toUpperCase()).filter((g): g is Grade => (GRADES as readonly string[]).includes(g)),
    brand: values(params, "brand"),
    color: values(params, "color"),
    rom: values(params, "rom"),
    inStock: params.get("inStock") === "1",
    onSale: params.get("onSale") === "1",
  };
}

/** The URL query for a list state; defaults are left out so URLs stay short and canonical. */
export function listParamsToSearch(p: ListParams): string {
  const q = new URLSearchParams();
  if (p.sort !== "relevance") q.set("sort", p.sort);
  if (p.priceMin !== undefined) q.set("priceMin", String(p.priceMin / 100));
  if (p.priceMax !== undefined) q.set("priceMax", String(p.priceMax / 100));
  for (const key of ["grade", "brand", "color", "rom"] as const) if (p[key].length) q.set(key, p[key].join(","));
  if (p.inStock) q.set("inStock", "1");
  if (p.onSale) q.set("onSale", "1");
  if (p.page > 1) q.set("page", String(p.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** How many filters are active, for the "Filters (3)" button. */
export function activeFilterCount(p: ListParams): number {
  return p.grade.length + p.brand.length + p.color.length + p.rom.length + Number(p.inStock) + Number(p.onSale) + Number(p.priceMin !== undefined || p.priceMax !== undefined);
}

/**
 * A curated page's own filters stay in force; the visitor's filters narrow them further
 * (brands add up, in-stock and on-sale can only be switched on).
 */
export function narrowPageFilters<F extends Record<string, unknown>>(page: F, visitor: ListParams): F & ListParams {
  const brands = Array.isArray(page.brand) ? (page.brand as string[]) : [];
  return {
    ...page,
    ...visitor,
    brand: [...new Set([...brands, ...visitor.brand])],
    inStock: Boolean(page.inStock) || visitor.inStock,
    onSale: Boolean(page.onSale) || visitor.onSale,
  };
}
