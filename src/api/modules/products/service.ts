import { isCouponActive, todayIso } from "../../../domain/catalogue/coupons.ts";
import { inStockCount, sortVariants } from "../../../domain/catalogue/variants.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import type { NavigationService } from "../navigation/service.ts";
import type { ProductRepository } from "./repository.ts";
import type { ProductSummary, ProductView } from "./schemas.ts";

export function createProductService(repo: ProductRepository, navigation: NavigationService, clock: () => Date = () => new Date()) {
  return {
    async description(id: number, locale: Locale): Promise<{ id: number; paragraphs: string[] }> {
      const row = await repo.product(id);
      if (!row) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${id} does not exist`, "params.id");
      const text = row.product.description[locale] ?? row.product.description.de ?? "";
      return { id, paragraphs: text.split(/\n\s*\n/).filter(Boolean) };
    },

    async view(id: number, locale: Locale, wristbandId?: number): Promise<ProductView> {
      const row = await repo.product(id);
      if (!row) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${id} does not exist`, "params.id");
      const { product, coupon } = row;
      const [variants, media, relations, categories] = await Promise.all([
        repo.variants(id),
        repo.media(id),
        repo.relations(id),
        navigation.breadcrumbs(locale, product.categoryId),
      ]);
      const byKind = (kind: string): ProductSummary[] =>
        relations.filter((r) => r.kind === kind).map(({ kind: _kind, ...summary }) => summary);
      const wristbands = byKind("wristband");
      let wristband: ProductSummary | null = null;
      if (wristbandId !== undefined) {
        wristband = wristbands.find((w) => w.id === wristbandId) ?? null;
        if (!wristband) {
          throw AppError.badRequest(
            "WRISTBAND_NOT_AVAILABLE",
            `Wristband ${wristbandId} cannot be combined with product ${id}`,
            "query.wristbandId",
          );
        }
      }
      const sorted = sortVariants(variants);
      return {
        product: {
          id: product.id,
          name: product.name,
          brand: product.brand,
          categoryId: product.categoryId,
          category_id: product.groupIds,
          propRom: product.propRom,
          propColor: product.propColor,
          identifiers: { ean: product.ean, isbn: product.isbn, asin: product.asin },
          attributes: product.attributes,
          chargerCompatible: product.chargerCompatible,
          assemblySplit: product.assemblySplit,
          allowedPurchase: product.allowedPurchase,
          purchaseStop: product.purchaseStop,
          onSale: product.onSale,
          bluePrice: product.bluePrice,
          priceMin: product.priceMin,
          insurancePrice: product.insurancePrice,
          inStockCount: inStockCount(sorted),
          variantPicker: sorted.map((v) => ({
            label: v.label,
            price: v.price,
            quantity: v.quantity,
            fullBatteryQuantity: v.fullBatteryQuantity,
            fullBatteryPrice: v.fullBatteryPrice,
          })),
          coupon: coupon ? { ...coupon, active: isCouponActive(coupon, todayIso(clock())) } : null,
        },
        media: media.map((m) => ({
          contentType: m.contentType,
          isVideo: m.isVideo,
          url: m.url,
          thumbnail: m.thumbnailUrl,
          thumbsImages: m.isVideo ? [m.thumbnailUrl] : [m.thumbnailUrl, m.url],
        })),
        categories,
        relations: {
          storage: byKind("storage"),
          colour: byKind("colour"),
          accessory: byKind("accessory"),
          wristband: wristbands,
        },
        wristband,
        product_slug: product.slug,
      };
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
