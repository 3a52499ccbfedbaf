import { randomUUID } from "node:crypto";
import { recordCacheLookup } from "../../../metrics.ts";
import { isCouponActive, todayIso } from "../../../domain/catalogue/coupons.ts";
import { PRODUCT_PAGE_SIZE, totalPages } from "../../../domain/catalogue/listing.ts";
import { sortVariants } from "../../../domain/catalogue/variants.ts";
import type { ListFilters, ProductListRepository, ProductListRow } from "./list-repository.ts";
import type { Facets, ProductListQuery, ProductListView } from "./list-schemas.ts";
import type { SearchIndex } from "../../../search/search-index.ts";
import { DEFAULT_LOCALE } from "../../../domain/i18n/locales.ts";
import { sharedAnswers } from "../../shared-answers.ts";

const EMPTY_FACETS: Facets = { brand: [], color: [], rom: [], grade: [], price: { min: null, max: null }, priceBands: [], inStock: 0, onSale: 0 };

/**
 * Whole answers are shared for a few seconds: a busy category page is then one map lookup instead
 * of three queries, which is what keeps the list fast under load. Lists may show stock up to this
 * much old; the product page and the cart always read it live.
 */
export const LIST_CACHE_TTL_MS = 5_000;
type CachedList = Omit<ProductListView, "searchUuid">;
/** A cached answer and its JSON (without the searchUuid), so a hit costs neither queries nor serialising. */
interface CachedAnswer {
  view: CachedList;
  json: string;
}

export function createProductListService(repo: ProductListRepository, clock: () => Date = () => new Date(), search?: SearchIndex<ProductListRow>) {
  const cache = sharedAnswers<CachedAnswer, ProductListQuery>({
    max: 2000,
    ttlMs: LIST_CACHE_TTL_MS,
    clock,
    compute: async (query) => {
      const view = await compute(query);
      return { view, json: JSON.stringify(view) };
    },
  });
  async function compute(query: ProductListQuery): Promise<CachedList> {
    // A text goes through the search index: an identifier names one product, words are stemmed, split and corrected,
    // and the last word is a prefix as in the search overlay, so the page finds what the overlay offered ("ipho": the iPhones).
    const understood = query.query !== undefined && search ? await search.understand(query.query, query.locale ?? DEFAULT_LOCALE, { prefix: true }) : null;
    const filters: ListFilters = {
      categoryId: query.categoryId,
      categoryIds: query.categoryIds,
      ...(understood ? { text: understood.match ?? { locale: query.locale ?? DEFAULT_LOCALE, terms: [], prefix: false } } : {}),
      priceMin: query.priceMin,
      priceMax: query.priceMax,
      grade: query.grade,
      brand: query.brand,
      color: query.color,
      rom: query.rom,
      inStock: query.inStock,
      onSale: query.onSale,
    };
    const offset = (query.page - 1) * PRODUCT_PAGE_SIZE;
    const source = filters.text && search ? search : repo;
    const { total, facets, capped } = understood?.exact ? { total: 0, facets: EMPTY_FACETS, capped: false } : await source.totalAndFacets(filters);
    // A page past the end is empty: asking the index for it would walk the whole category (bots do ask).
    const { rows } = offset < total ? await source.page(filters, query.sort, offset, PRODUCT_PAGE_SIZE) : { rows: [] };
    // Words that match nothing together: offer the query without the word that left nothing.
    const broader = total === 0 && understood?.match && search ? await search.broader(understood.match) : null;
    const searchInfo = understood
      ? { exactMatch: understood.exact, correctedQuery: understood.correctedQuery, terms: understood.match?.terms ?? [], broaderQuery: broader?.join(" ") ?? null }
      : undefined;
    const today = todayIso(clock());
    return {
      items: rows.map(({ product: p, coupon, imageUrl, variants }) => ({
        id: p.id,
        name: p.name,
        slug: p.slug,
        brand: p.brand,
        price_min: p.priceMin,
        blue_price: p.bluePrice,
        prop_rom: p.propRom,
        prop_color: p.propColor,
        image_url: imageUrl,
        on_sale: p.onSale,
        product_category_id: p.categoryId,
        group_ids: p.groupIds,
        variants: sortVariants(variants),
        coupon_code: coupon?.code ?? null,
        coupon_valid_from: coupon?.validFrom ?? null,
        coupon_valid_to: coupon?.validTo ?? null,
        coupon_active: isCouponActive(coupon, today),
      })),
      page: query.page,
      pageSize: PRODUCT_PAGE_SIZE,
      total,
      totalPages: totalPages(total),
      facets,
      ...(searchInfo ? { search: { ...searchInfo, countsCapped: capped } } : {}),
    };
  }

  /** The shared answer (keyed by everything but the search id), and this request's search id: its own unless it continues one. */
  async function answerFor(query: ProductListQuery): Promise<{ answer: CachedAnswer; searchUuid: string }> {
    const { originalSearchUuid, ...rest } = query;
    const key = JSON.stringify(rest);
    recordCacheLookup("product_list", cache.has(key));
    const answer = (await cache.fetch(key, { context: query }))!;
    return { answer, searchUuid: originalSearchUuid ?? randomUUID() };
  }

  return {
    async list(query: ProductListQuery): Promise<ProductListView> {
      const { answer, searchUuid } = await answerFor(query);
      return { ...answer.view, searchUuid };
    },

    /** The same answer as JSON text, spliced from the cached text: what the API sends. */
    async listJson(query: ProductListQuery): Promise<string> {
      const { answer, searchUuid } = await answerFor(query);
      return `{"searchUuid":${JSON.stringify(searchUuid)},${answer.json.slice(1)}`;
    },

    /** Forgets every shared answer and facet count: stock, prices or the catalogue changed. */
    invalidate(): void {
      cache.clear();
      repo.invalidate();
    },
  };
}
export type ProductListService = ReturnType<typeof createProductListService>;
