import { sharedAnswers } from "../../shared-answers.ts";
import { recordCacheLookup } from "../../../metrics.ts";
import { isCouponActive, todayIso } from "../../../domain/catalogue/coupons.ts";
import { inStockCount, sortVariants } from "../../../domain/catalogue/variants.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import type { NavigationService } from "../navigation/service.ts";
import type { ProductRepository } from "./repository.ts";
import type { ProductDescription, ProductSummary, ProductView, WristbandSelection } from "./schemas.ts";

/** "Apple Sport Band 41 mm Midnight" → "Sport Band 41 mm": the model is the name without brand and colour. */
export function bandModel(name: string, colour: string | null): string {
  const withoutColour = colour && name.endsWith(` ${colour}`) ? name.slice(0, -colour.length - 1) : name;
  return withoutColour.replace(/^Apple /, "");
}

type Relation = Awaited<ReturnType<ProductRepository["relations"]>>[number];
const ofKind = (relations: Relation[], kind: Relation["kind"]): ProductSummary[] =>
  relations.filter((r) => r.kind === kind).map(({ kind: _kind, ...summary }) => summary);

/**
 * Product views are shared for as long as list answers (ADR 9): a product page that a campaign sends
 * thousands of visitors to is then one map lookup per request instead of five queries. Whatever
 * changes a product, its stock or its prices calls invalidate(); the cart and checkout read stock live.
 */
export const PRODUCT_VIEW_TTL_MS = 5_000;
interface ViewRequest {
  id: number;
  locale: Locale;
  wristbandId: number | undefined;
}
/** A shared view and its JSON, so a hit costs neither queries nor serialising. */
interface CachedView {
  view: ProductView;
  json: string;
}

export function createProductService(repo: ProductRepository, navigation: NavigationService, clock: () => Date = () => new Date()) {
  async function existing(id: number) {
    const row = await repo.product(id);
    if (!row) throw AppError.notFound("PRODUCT_DOESNT_EXIST", `Product ${id} does not exist`, "params.id");
    return row;
  }
  // fetch() shares one computation among concurrent requests for the same view; a refusal (no such product) is not kept.
  const views = sharedAnswers<CachedView, ViewRequest>({
    max: 5_000,
    ttlMs: PRODUCT_VIEW_TTL_MS,
    clock,
    compute: async (request) => {
      const view = await compute(request.id, request.locale, request.wristbandId);
      return { view, json: JSON.stringify(view) };
    },
  });
  const shared = async (id: number, locale: Locale, wristbandId?: number) => {
    const key = `${id}|${locale}|${wristbandId ?? ""}`;
    recordCacheLookup("product_view", views.has(key));
    return (await views.fetch(key, { context: { id, locale, wristbandId } }))!;
  };

  async function compute(id: number, locale: Locale, wristbandId?: number): Promise<ProductView> {
      const { product, coupon } = await existing(id);
      const [variants, media, relations, categories] = await Promise.all([
        repo.variants(id),
        repo.media(id),
        repo.relations(id),
        navigation.breadcrumbs(locale, product.categoryId),
      ]);
      const wristbands = ofKind(relations, "wristband");
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
          newPrice: product.bluePrice,
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
          storage: ofKind(relations, "storage"),
          colour: ofKind(relations, "colour"),
          accessory: ofKind(relations, "accessory"),
          wristband: wristbands,
        },
        wristband,
        product_slug: product.slug,
      };
  }

  return {
    async description(id: number, locale: Locale): Promise<ProductDescription> {
      const row = await existing(id);
      const text = row.product.description[locale] ?? row.product.description.de ?? "";
      return { id, paragraphs: text.split(/\n\s*\n/).filter(Boolean) };
    },

    async view(id: number, locale: Locale, wristbandId?: number): Promise<ProductView> {
      return (await shared(id, locale, wristbandId)).view;
    },

    /** The same view as JSON text: what the API sends. */
    async viewJson(id: number, locale: Locale, wristbandId?: number): Promise<string> {
      return (await shared(id, locale, wristbandId)).json;
    },

    /** Forgets every shared view; whatever changes products, stock or prices calls it. */
    invalidate(): void {
      views.clear();
    },

    /** The wristbands that fit a watch case, grouped by model. */
    async wristbands(id: number): Promise<WristbandSelection> {
      await existing(id);
      const bands = ofKind(await repo.relations(id), "wristband");
      if (bands.length === 0) throw AppError.badRequest("PRODUCT_HAS_NO_WRISTBANDS", `Product ${id} is not a case that takes a wristband`, "params.id");
      const models = new Map<string, ProductSummary[]>();
      for (const band of bands) {
        const model = bandModel(band.name, band.propColor);
        models.set(model, [...(models.get(model) ?? []), band]);
      }
      return { caseId: id, models: [...models].map(([model, list]) => ({ model, bands: list })) };
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
