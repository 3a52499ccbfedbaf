import { randomUUID } from "node:crypto";
import { isCouponActive, todayIso } from "../../../domain/catalogue/coupons.ts";
import { PRODUCT_PAGE_SIZE, totalPages } from "../../../domain/catalogue/listing.ts";
import { sortVariants } from "../../../domain/catalogue/variants.ts";
import type { ListFilters, ProductListRepository } from "./list-repository.ts";
import type { ProductListQuery, ProductListView } from "./list-schemas.ts";

export function createProductListService(repo: ProductListRepository, clock: () => Date = () => new Date()) {
  return {
    async list(query: ProductListQuery): Promise<ProductListView> {
      const filters: ListFilters = {
        categoryId: query.categoryId,
        categoryIds: query.categoryIds,
        query: query.query,
        priceMin: query.priceMin,
        priceMax: query.priceMax,
        grade: query.grade,
        brand: query.brand,
        color: query.color,
        rom: query.rom,
        inStock: query.inStock,
        onSale: query.onSale,
      };
      const [{ rows, variants, images }, { total, facets }] = await Promise.all([
        repo.page(filters, query.sort, (query.page - 1) * PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE),
        repo.totalAndFacets(filters),
      ]);
      const today = todayIso(clock());
      return {
        items: rows.map(({ product: p, coupon }) => ({
          id: p.id,
          name: p.name,
          slug: p.slug,
          brand: p.brand,
          price_min: p.priceMin,
          blue_price: p.bluePrice,
          prop_rom: p.propRom,
          prop_color: p.propColor,
          image_url: images.get(p.id) ?? null,
          on_sale: p.onSale,
          product_category_id: p.categoryId,
          group_ids: p.groupIds,
          variants: sortVariants(variants.filter((v) => v.productId === p.id)).map((v) => ({ label: v.label, price: v.price, quantity: v.quantity })),
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
        searchUuid: query.originalSearchUuid ?? randomUUID(),
      };
    },
  };
}
export type ProductListService = ReturnType<typeof createProductListService>;
