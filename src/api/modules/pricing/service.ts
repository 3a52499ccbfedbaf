import { createHash } from "node:crypto";
import type { PriceRuleApplySummary } from "../../../db/schema/pricing.ts";
import { totalPages } from "../../../domain/catalogue/listing.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { planPriceChanges, type PriceChange, type PricePlan } from "../../../domain/pricing/price-rules.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { AlertJobs } from "../alerts/service.ts";
import type { PriceRuleRow, PricingRepository, PriceWriter } from "./repository.ts";
import type { OpsPriceChange, OpsPriceRule, OpsPriceRuleApplied, OpsPriceRuleList, OpsPriceRulePreview, PriceRuleInput, PriceRulePreviewQuery } from "./schemas.ts";

/** Who sets sale and purchase prices: finance, and admins. */
export const PRICE_ROLES = ["admin", "finance"] as const;
/** Grades one rule may price at most: an apply is one transaction, so a broader rule is split by category. */
export const MAX_RULE_VARIANTS = 30_000;
const PREVIEW_PAGE_SIZE = 50;

export const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const ruleNotFound = () => AppError.notFound("PRICE_RULE_NOT_FOUND", "There is no price rule with this id.", "params.ruleId");
export const belowPurchasePriceRefused = (reference: string) =>
  new AppError(409, "PRICE_BELOW_PURCHASE_PRICE", "A price would lie below what the dearest unit of its grade in stock cost: confirm it to go ahead.", reference);

function ruleView(row: PriceRuleRow & { categoryName: string | null }): OpsPriceRule {
  return {
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    shares: row.shares,
    minMarginCents: row.minMarginCents,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    lastApplied: row.lastAppliedAt && row.lastAppliedSummary ? { at: new Date(row.lastAppliedAt).toISOString(), ...row.lastAppliedSummary } : null,
  };
}

const changeView = (c: PriceChange): OpsPriceChange => ({
  productId: c.productId,
  productName: c.productName,
  grade: c.grade,
  oldPrice: EUR(c.oldPrice),
  newPrice: EUR(c.newPrice),
  target: EUR(c.target),
  floorApplied: c.floorApplied,
  purchasePrice: c.highestPurchasePrice === null ? null : EUR(c.highestPurchasePrice),
  belowPurchasePrice: c.belowPurchasePrice,
  inStock: c.inStock,
});

/** Names exactly these changes of this rule: what staff saw in the preview is what the apply may do. */
function fingerprintOf(rule: Pick<PriceRuleRow, "id" | "shares" | "minMarginCents">, plan: PricePlan): string {
  const changes = plan.changes.map((c) => [c.productId, c.grade, c.oldPrice, c.newPrice]);
  return createHash("sha256").update(JSON.stringify([rule.id, rule.shares, rule.minMarginCents, changes])).digest("hex");
}

function summaryOf(plan: PricePlan): PriceRuleApplySummary {
  const { changed, raised, lowered, floorApplied, belowPurchasePrice, overridden } = plan.counts;
  return { changed, raised, lowered, floorApplied, belowPurchasePrice, overridden };
}

const gradesOf = (rule: Pick<PriceRuleRow, "shares">): Grade[] => GRADES.filter((g) => rule.shares[g] !== undefined);

/** A scope past the limit is refused rather than half planned. */
function within(variants: unknown[]): void {
  if (variants.length > MAX_RULE_VARIANTS) {
    throw new AppError(409, "PRICE_RULE_TOO_BROAD", `This rule prices more than ${MAX_RULE_VARIANTS} grades of products: narrow it to a category.`, "params.ruleId");
  }
}

/**
 * Sale price rules: finance (and admins) keep rules, preview what one would change, and apply it
 * in one transaction with one audit row. Prices are set through the products module's function,
 * so the lists' cheapest prices, facet groups and every cache follow; lowered prices wake the
 * price-drop sweep of the alerts.
 */
export function createPriceRuleService(repo: PricingRepository, deps: { alerts?: Pick<AlertJobs, "pricesChanged"> | undefined; log?: (msg: string, err: unknown) => void }) {
  const log = deps.log ?? ((msg: string, err: unknown) => console.error(msg, err));

  async function current(id: number, locale: Locale): Promise<OpsPriceRule> {
    const [row] = await repo.rules(locale, id);
    if (!row) throw ruleNotFound();
    return ruleView(row);
  }

  async function checkCategory(input: PriceRuleInput): Promise<void> {
    if (input.categoryId !== null && !(await repo.categoryExists(input.categoryId))) throw AppError.badRequest("CATEGORY_DOESNT_EXIST", "There is no category with this id.", "body.categoryId");
  }

  const valuesOf = (input: PriceRuleInput) => ({ name: input.name, categoryId: input.categoryId, shares: input.shares, minMarginCents: input.minMarginCents });

  async function save(actor: StaffActor, action: string, work: (tx: PriceWriter) => Promise<{ id: number; before: unknown; after: unknown }>): Promise<number> {
    return repo.inTransaction(async (tx) => {
      const done = await work(tx);
      await tx.audit(actor, { action, entityType: "price_rule", entityId: String(done.id), before: done.before, after: done.after });
      return done.id;
    });
  }

  /** After the commit: a lowered price may be a wished product's drop. The mails follow on their own; a failure to enqueue is the minute sweep's to catch up. */
  async function lowered(changes: readonly { productId: number; oldPrice: number; newPrice: number }[]): Promise<void> {
    const productIds = [...new Set(changes.filter((c) => c.newPrice < c.oldPrice).map((c) => c.productId))];
    if (productIds.length > 0) await deps.alerts?.pricesChanged(productIds).catch((err: unknown) => log("The price-drop sweep could not be enqueued", err));
  }

  return {
    lowered,

    async list(actor: StaffActor, locale: Locale): Promise<OpsPriceRuleList> {
      requireRole(actor, ...PRICE_ROLES);
      return { rules: (await repo.rules(locale)).map(ruleView) };
    },

    async view(actor: StaffActor, id: number, locale: Locale): Promise<OpsPriceRule> {
      requireRole(actor, ...PRICE_ROLES);
      return current(id, locale);
    },

    async create(actor: StaffActor, input: PriceRuleInput, locale: Locale): Promise<OpsPriceRule> {
      requireRole(actor, ...PRICE_ROLES);
      await checkCategory(input);
      const id = await save(actor, "price_rule.create", async (tx) => {
        const row = await tx.insertRule(valuesOf(input));
        return { id: row.id, before: null, after: valuesOf(input) };
      });
      return current(id, locale);
    },

    async update(actor: StaffActor, id: number, input: PriceRuleInput, locale: Locale): Promise<OpsPriceRule> {
      requireRole(actor, ...PRICE_ROLES);
      await checkCategory(input);
      await save(actor, "price_rule.update", async (tx) => {
        const before = await tx.lockRule(id);
        if (!before) throw ruleNotFound();
        await tx.updateRule(id, valuesOf(input));
        return { id, before: valuesOf({ ...before }), after: valuesOf(input) };
      });
      return current(id, locale);
    },

    /** Deletes the rule; the prices it set stay. */
    async remove(actor: StaffActor, id: number): Promise<void> {
      requireRole(actor, ...PRICE_ROLES);
      await save(actor, "price_rule.delete", async (tx) => {
        const before = await tx.lockRule(id);
        if (!before) throw ruleNotFound();
        await tx.deleteRule(id);
        return { id, before: valuesOf({ ...before }), after: null };
      });
    },

    /** What applying the rule now would change, a page at a time, with the counts of the whole and the fingerprint the apply carries. */
    async preview(actor: StaffActor, id: number, query: PriceRulePreviewQuery, locale: Locale): Promise<OpsPriceRulePreview> {
      requireRole(actor, ...PRICE_ROLES);
      const [row] = await repo.rules(locale, id);
      if (!row) throw ruleNotFound();
      const variants = await repo.variantsInScope({ categoryId: row.categoryId, grades: gradesOf(row) }, MAX_RULE_VARIANTS + 1);
      within(variants);
      const plan = planPriceChanges({ shares: row.shares, minMargin: row.minMarginCents }, variants);
      const page = query.page ?? 1;
      return {
        rule: ruleView(row),
        fingerprint: fingerprintOf(row, plan),
        counts: { ...plan.counts },
        items: plan.changes.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE).map(changeView),
        page,
        pageSize: PREVIEW_PAGE_SIZE,
        total: plan.changes.length,
        totalPages: totalPages(plan.changes.length, PREVIEW_PAGE_SIZE),
      };
    },

    /**
     * Applies the previewed changes in one transaction: under the rule's lock and the grades' locks
     * the plan is made again, and carried out only when it is still the one previewed (its
     * fingerprint). The same apply again (a double click, a retry, two at once) finds the prices
     * set and its fingerprint recorded, and answers with the first apply's summary.
     */
    async apply(actor: StaffActor, id: number, input: { fingerprint: string; confirmBelowPurchasePrice: boolean }): Promise<OpsPriceRuleApplied> {
      requireRole(actor, ...PRICE_ROLES);
      const { result, changes } = await repo.inTransaction(async (tx) => {
        const rule = await tx.lockRule(id);
        if (!rule) throw ruleNotFound();
        const variants = await tx.lockVariantsInScope({ categoryId: rule.categoryId, grades: gradesOf(rule) }, MAX_RULE_VARIANTS + 1);
        within(variants);
        const plan = planPriceChanges({ shares: rule.shares, minMargin: rule.minMarginCents }, variants);
        const fingerprint = fingerprintOf(rule, plan);
        if (fingerprint !== input.fingerprint) {
          if (plan.changes.length === 0 && rule.lastAppliedFingerprint === input.fingerprint && rule.lastAppliedAt && rule.lastAppliedSummary) {
            return { result: { ruleId: id, appliedAt: new Date(rule.lastAppliedAt).toISOString(), replayed: true, ...rule.lastAppliedSummary }, changes: [] };
          }
          throw new AppError(409, "PRICE_PREVIEW_OUTDATED", "The prices or the rule changed since the preview: preview it again.", "body.fingerprint");
        }
        if (plan.counts.belowPurchasePrice > 0 && !input.confirmBelowPurchasePrice) throw belowPurchasePriceRefused("body.confirmBelowPurchasePrice");
        await tx.setPrices(plan.changes.map((c) => ({ productId: c.productId, label: c.grade, price: c.newPrice })));
        const summary = summaryOf(plan);
        const applied = await tx.recordApply(id, fingerprint, summary);
        await tx.audit(actor, {
          action: "price_rule.apply",
          entityType: "price_rule",
          entityId: String(id),
          before: { name: rule.name, categoryId: rule.categoryId, shares: rule.shares, minMarginCents: rule.minMarginCents },
          after: {
            ...summary,
            confirmedBelowPurchasePrice: plan.counts.belowPurchasePrice > 0,
            // Every price it set: product, grade, old and new price, and what the dearest unit in stock cost.
            changes: plan.changes.map((c) => [c.productId, c.grade, c.oldPrice, c.newPrice, c.highestPurchasePrice]),
          },
        });
        return { result: { ruleId: id, appliedAt: new Date(applied.lastAppliedAt!).toISOString(), replayed: false, ...summary }, changes: plan.changes };
      });
      await lowered(changes);
      return result;
    },
  };
}
export type PriceRuleService = ReturnType<typeof createPriceRuleService>;
