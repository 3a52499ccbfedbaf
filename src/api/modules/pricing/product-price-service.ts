import { totalPages } from "../../../domain/catalogue/listing.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";
import { belowPurchasePrice, marginOf } from "../../../domain/pricing/price-rules.ts";
import { questionSetOf, SELL_GRADES, type SellGrade } from "../../../domain/selling/grading.ts";
import { purchasePriceOrderProblem, purchasePricesOf, sellGradesOf, type PurchasePricing } from "../../../domain/selling/offers.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { PricingRepository } from "./repository.ts";
import type { OpsProductPriceList, OpsProductPrices, ProductPriceListQuery, PurchasePricesInput } from "./schemas.ts";
import { belowPurchasePriceRefused, EUR, PRICE_ROLES, type PriceRuleService } from "./service.ts";

const PRODUCT_PAGE_SIZE = 25;
const productNotFound = () => AppError.notFound("PRODUCT_DOESNT_EXIST", "There is no product with this id.", "params.productId");

/**
 * One product's prices in the back-office: each grade's sale price with what its units in stock
 * cost and the margin left, prices set by hand (which rules then leave alone), and the trade-in
 * purchase prices per sell grade that offers are computed from. Every change is audited.
 */
export function createProductPriceService(repo: PricingRepository, deps: { rules: Pick<PriceRuleService, "lowered"> }) {
  /** The product's trade-in pricing as offers read it (domain/selling/offers.ts), or 404. */
  function pricingOf(row: { pricePurchase: number; rootKind: "electronics" | "media"; imageKind: string; gradePrices: PurchasePricing["gradePrices"] } | undefined): PurchasePricing {
    if (!row) throw productNotFound();
    return { set: questionSetOf(row), pricePurchase: row.pricePurchase, gradePrices: row.gradePrices };
  }

  async function view(productId: number): Promise<OpsProductPrices> {
    const product = await repo.product(productId);
    if (!product) throw productNotFound();
    const [grades, rules, pricing] = await Promise.all([repo.grades(productId), repo.rulesCovering(product.groupIds), repo.purchasePricing(productId).then(pricingOf)]);
    return {
      product: { id: product.id, name: product.name, slug: product.slug, brand: product.brand, bluePrice: EUR(product.bluePrice), pricePurchase: EUR(pricing.pricePurchase) },
      grades: grades.map((g) => ({
        grade: g.grade,
        price: EUR(g.price),
        override: g.override === null ? null : EUR(g.override),
        inStock: g.inStock,
        purchasePrice: g.lowest === null || g.highest === null ? null : { lowest: EUR(g.lowest), highest: EUR(g.highest) },
        margin: g.highest === null ? null : EUR(marginOf(g.price, g.highest)!),
      })),
      rules,
      purchasePrices: purchasePricesOf(pricing).map((p) => ({ grade: p.grade, price: EUR(p.price), computed: EUR(p.computed), set: p.set })),
    };
  }

  return {
    async list(actor: StaffActor, query: ProductPriceListQuery): Promise<OpsProductPriceList> {
      requireRole(actor, ...PRICE_ROLES);
      const page = query.page ?? 1;
      const { rows, total } = await repo.products(query.q, (page - 1) * PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE);
      return {
        items: rows.map((r) => ({ id: r.id, name: r.name, brand: r.brand, priceMin: r.priceMin === null ? null : EUR(r.priceMin), bluePrice: EUR(r.bluePrice), overrides: r.overrides })),
        page,
        pageSize: PRODUCT_PAGE_SIZE,
        total,
        totalPages: totalPages(total, PRODUCT_PAGE_SIZE),
      };
    },

    async view(actor: StaffActor, productId: number): Promise<OpsProductPrices> {
      requireRole(actor, ...PRICE_ROLES);
      return view(productId);
    },

    /** Sets a grade's price by hand: rules leave it from now on. Below what the dearest unit in stock cost only when confirmed; audited either way. */
    async setOverride(actor: StaffActor, productId: number, grade: Grade, input: { price: number; confirmBelowPurchasePrice: boolean }): Promise<OpsProductPrices> {
      requireRole(actor, ...PRICE_ROLES);
      const before = await repo.inTransaction(async (tx) => {
        const variant = await tx.lockVariant(productId, grade);
        if (!variant) {
          if (!(await tx.productExists(productId))) throw productNotFound();
          throw AppError.notFound("PRODUCT_VARIANT_DOESNT_EXIST", `This product has no grade ${grade}.`, "params.grade");
        }
        const below = belowPurchasePrice(input.price, variant.highestPurchasePrice);
        if (below && !input.confirmBelowPurchasePrice) throw belowPurchasePriceRefused("body.confirmBelowPurchasePrice");
        await tx.setOverride(productId, grade, input.price);
        await tx.setPrices([{ productId, label: grade, price: input.price }]);
        await tx.audit(actor, {
          action: "price_override.set",
          entityType: "product_variant",
          entityId: `${productId}/${grade}`,
          before: { price: variant.price, override: variant.override },
          after: { price: input.price, override: input.price, purchasePrice: variant.highestPurchasePrice, belowPurchasePrice: below, confirmedBelowPurchasePrice: below },
        });
        return variant;
      });
      await deps.rules.lowered([{ productId, oldPrice: before.price, newPrice: input.price }]);
      return view(productId);
    },

    /** Hands the grade back to the rules: its price stays until a rule is applied again. */
    async removeOverride(actor: StaffActor, productId: number, grade: Grade): Promise<OpsProductPrices> {
      requireRole(actor, ...PRICE_ROLES);
      await repo.inTransaction(async (tx) => {
        const variant = await tx.lockVariant(productId, grade);
        const removed = variant && (await tx.deleteOverride(productId, grade));
        if (!variant || removed === undefined) throw AppError.notFound("PRICE_OVERRIDE_NOT_FOUND", "This grade's price was not set by hand.", "params.grade");
        await tx.audit(actor, { action: "price_override.remove", entityType: "product_variant", entityId: `${productId}/${grade}`, before: { price: variant.price, override: removed }, after: { price: variant.price, override: null } });
      });
      return view(productId);
    },

    /**
     * Sets what the shop pays per sell grade (a grade left out is paid its share of the best-grade
     * price). Refused when a worse grade would be paid more than a better one, or for a grade the
     * product's kind is never bought in.
     */
    async setPurchasePrices(actor: StaffActor, productId: number, input: PurchasePricesInput): Promise<OpsProductPrices> {
      requireRole(actor, ...PRICE_ROLES);
      await repo.inTransaction(async (tx) => {
        const pricing = pricingOf(await tx.lockPurchasePricing(productId));
        const bought = new Set<SellGrade>(sellGradesOf(pricing.set));
        const prices: Partial<Record<SellGrade, number>> = {};
        const problems: { code: "VALIDATION_FAILED"; message: string; reference: string }[] = [];
        for (const grade of SELL_GRADES) {
          const price = input.prices[grade];
          if (price === null || price === undefined) continue;
          if (!bought.has(grade)) problems.push({ code: "VALIDATION_FAILED", message: `Items of this kind are not bought in grade ${grade}.`, reference: `body.prices.${grade}` });
          else prices[grade] = price;
        }
        if (problems.length > 0) throw AppError.many(400, problems);
        const outOfOrder = purchasePriceOrderProblem({ ...pricing, gradePrices: prices });
        if (outOfOrder) throw AppError.badRequest("PURCHASE_PRICES_OUT_OF_ORDER", `Grade ${outOfOrder} would be paid more than a better grade.`, `body.prices.${outOfOrder}`);
        await tx.replacePurchasePrices(productId, prices);
        await tx.audit(actor, { action: "purchase_prices.set", entityType: "product", entityId: String(productId), before: pricing.gradePrices ?? {}, after: prices });
      });
      return view(productId);
    },
  };
}
export type ProductPriceService = ReturnType<typeof createProductPriceService>;
