import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { MAX_SHARE_PER_MILLE, MIN_SHARE_PER_MILLE } from "../../../domain/pricing/price-rules.ts";
import { SELL_GRADES } from "../../../domain/selling/grading.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { centsField, idField, idParam, moneySchema, pageParam, pagedAnswerFields, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const share = (grade: string) =>
  z
    .number({ error: `The share of ${grade} must be a number (per mille)` })
    .int(`The share of ${grade} must be whole per mille`)
    .min(MIN_SHARE_PER_MILLE, `The share of ${grade} must be at least ${MIN_SHARE_PER_MILLE} ‰`)
    .max(MAX_SHARE_PER_MILLE, `The share of ${grade} must be at most ${MAX_SHARE_PER_MILLE} ‰ (the new price)`);

export const gradeParamSchema = z.enum(GRADES, { error: `The grade must be one of ${GRADES.join(", ")}` });

// Rules.

const sharesSchema = z
  .strictObject(Object.fromEntries(GRADES.map((grade) => [grade, share(grade).optional()])) as Record<(typeof GRADES)[number], z.ZodOptional<ReturnType<typeof share>>>)
  .refine((shares) => Object.values(shares).some((v) => v !== undefined), "Give a share for at least one grade")
  .describe("Per mille of the new price per grade (860 = 86 %); a grade left out keeps its prices");

export const priceRuleBody = z
  .strictObject({
    name: textParam("The name", 100),
    categoryId: idField("The category").nullable().describe("The category whose products (subcategories included) the rule prices; null for every product"),
    shares: sharesSchema,
    minMarginCents: centsField("The minimum margin", 0).nullable().describe("Cents a price stays above the dearest unit of its grade in stock; null for no floor"),
  })
  .meta({ id: "OpsPriceRuleBody" });
export type PriceRuleInput = z.output<typeof priceRuleBody>;
export type OpsPriceRuleInput = z.input<typeof priceRuleBody>;

export const priceRuleParams = z.object({ ruleId: idParam("The rule") });

const applySummaryFields = {
  changed: z.number().int(),
  raised: z.number().int(),
  lowered: z.number().int(),
  floorApplied: z.number().int().describe("Prices the floor set instead of the share"),
  belowPurchasePrice: z.number().int().describe("Prices below what the dearest unit of the grade in stock cost (confirmed)"),
  overridden: z.number().int().describe("Prices left alone: staff set them by hand"),
};

export const priceRuleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable().describe("In the request's language; null for every product"),
    shares: z.partialRecord(z.enum(GRADES), z.number().int()),
    minMarginCents: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastApplied: z.object({ at: z.string(), ...applySummaryFields }).nullable(),
  })
  .meta({ id: "OpsPriceRule" });
export type OpsPriceRule = z.infer<typeof priceRuleSchema>;
export const priceRuleListSchema = z.object({ rules: z.array(priceRuleSchema) }).meta({ id: "OpsPriceRuleList" });
export type OpsPriceRuleList = z.infer<typeof priceRuleListSchema>;

// Preview and apply.

export const priceRulePreviewQuery = z.object({ page: pageParam() });
export type PriceRulePreviewQuery = QueryParams<typeof priceRulePreviewQuery>;

export const priceChangeSchema = z
  .object({
    productId: z.number().int(),
    productName: z.string(),
    grade: z.enum(GRADES),
    oldPrice: moneySchema,
    newPrice: moneySchema,
    target: moneySchema.describe("The share of the new price, rounded to .99, before the floor"),
    floorApplied: z.boolean(),
    purchasePrice: moneySchema.nullable().describe("What the dearest unit of the grade in stock cost; null when none is in stock"),
    belowPurchasePrice: z.boolean(),
    inStock: z.number().int(),
  })
  .meta({ id: "OpsPriceChange" });
export type OpsPriceChange = z.infer<typeof priceChangeSchema>;

export const priceRulePreviewSchema = z
  .object({
    rule: priceRuleSchema,
    fingerprint: z.string().describe("Names exactly these changes: the apply carries it, and is refused when the changes are no longer these"),
    counts: z.object({ considered: z.number().int().describe("Grades of products in scope with a share in the rule"), unchanged: z.number().int(), ...applySummaryFields }),
    items: z.array(priceChangeSchema),
    ...pagedAnswerFields,
  })
  .meta({ id: "OpsPriceRulePreview" });
export type OpsPriceRulePreview = z.infer<typeof priceRulePreviewSchema>;

export const priceRuleApplyBody = z
  .strictObject({
    fingerprint: z.string({ error: "Preview the rule first: the apply carries the preview's fingerprint" }).regex(/^[0-9a-f]{64}$/, "The fingerprint is not a preview's"),
    confirmBelowPurchasePrice: z.boolean({ error: "The confirmation must be true or false" }).default(false).describe("Needed when a price would lie below what the dearest unit of its grade in stock cost"),
  })
  .meta({ id: "OpsPriceRuleApply" });
export type OpsPriceRuleApplyInput = z.input<typeof priceRuleApplyBody>;

export const priceRuleApplySchema = z
  .object({ ruleId: z.number().int(), appliedAt: z.string(), replayed: z.boolean().describe("This preview was applied before: nothing changed now"), ...applySummaryFields })
  .meta({ id: "OpsPriceRuleApplied" });
export type OpsPriceRuleApplied = z.infer<typeof priceRuleApplySchema>;

// A product's prices.

export const productPriceParams = z.object({ productId: idParam("Product id") });
export const productGradeParams = z.object({ productId: idParam("Product id"), grade: gradeParamSchema });

export const productPriceListQuery = z.object({ q: textParam("The search", 100).optional().describe("A product id, or words of its name"), page: pageParam() });
export type ProductPriceListQuery = QueryParams<typeof productPriceListQuery>;
export const productPriceListSchema = z
  .object({
    items: z.array(z.object({ id: z.number().int(), name: z.string(), brand: z.string(), priceMin: moneySchema.nullable(), bluePrice: moneySchema, overrides: z.number().int() })),
    ...pagedAnswerFields,
  })
  .meta({ id: "OpsProductPriceList" });
export type OpsProductPriceList = z.infer<typeof productPriceListSchema>;

export const overrideBody = z
  .strictObject({
    price: centsField("The price", 1),
    confirmBelowPurchasePrice: z.boolean({ error: "The confirmation must be true or false" }).default(false).describe("Needed when the price lies below what the dearest unit of the grade in stock cost"),
  })
  .meta({ id: "OpsPriceOverrideBody" });
export type OpsPriceOverrideInput = z.input<typeof overrideBody>;

const purchasePrice = (grade: string) => centsField(`The price of ${grade}`, 0).multipleOf(10, `The price of ${grade} must be whole ten cents`).nullable().optional();
export const purchasePricesBody = z
  .strictObject({
    prices: z
      .strictObject(Object.fromEntries(SELL_GRADES.map((grade) => [grade, purchasePrice(grade)])) as Record<(typeof SELL_GRADES)[number], ReturnType<typeof purchasePrice>>)
      .describe("Cents paid per sell grade before deductions; a grade left out or null is paid its share of the best-grade price"),
  })
  .meta({ id: "OpsPurchasePricesBody" });
export type PurchasePricesInput = z.output<typeof purchasePricesBody>;
export type OpsPurchasePricesInput = z.input<typeof purchasePricesBody>;

export const productPricesSchema = z
  .object({
    product: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), brand: z.string(), bluePrice: moneySchema, pricePurchase: moneySchema.describe("The best-grade trade-in price the shares start from") }),
    grades: z.array(
      z.object({
        grade: z.enum(GRADES),
        price: moneySchema,
        override: moneySchema.nullable().describe("The price staff set by hand; rules leave the grade alone while it is set"),
        inStock: z.number().int(),
        purchasePrice: z.object({ lowest: moneySchema, highest: moneySchema }).nullable().describe("What the units in stock cost; null when none is"),
        margin: moneySchema.nullable().describe("The price less what the dearest unit in stock cost"),
      }),
    ),
    rules: z.array(z.object({ id: z.number().int(), name: z.string(), shares: z.partialRecord(z.enum(GRADES), z.number().int()) })).describe("The rules whose scope holds the product"),
    purchasePrices: z.array(z.object({ grade: z.enum(SELL_GRADES), price: moneySchema, computed: moneySchema.describe("The grade's share of the best-grade price"), set: z.boolean() })),
  })
  .meta({ id: "OpsProductPrices" });
export type OpsProductPrices = z.infer<typeof productPricesSchema>;

export const priceRuleListErrors = operationErrors({ ...STAFF_GUARD_ERRORS });
export type OpsPriceRuleListError = OperationError<typeof priceRuleListErrors>;
export const priceRuleSaveErrors = operationErrors({ 400: ["VALIDATION_FAILED", "CATEGORY_DOESNT_EXIST"], ...STAFF_GUARD_ERRORS, 404: ["PRICE_RULE_NOT_FOUND"] });
export type OpsPriceRuleSaveError = OperationError<typeof priceRuleSaveErrors>;
export const priceRuleViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRICE_RULE_NOT_FOUND"] });
export type OpsPriceRuleViewError = OperationError<typeof priceRuleViewErrors>;
export const priceRulePreviewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRICE_RULE_NOT_FOUND"], 409: ["PRICE_RULE_TOO_BROAD"] });
export type OpsPriceRulePreviewError = OperationError<typeof priceRulePreviewErrors>;
export const priceRuleApplyErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  ...STAFF_GUARD_ERRORS,
  404: ["PRICE_RULE_NOT_FOUND"],
  409: ["PRICE_RULE_TOO_BROAD", "PRICE_PREVIEW_OUTDATED", "PRICE_BELOW_PURCHASE_PRICE"],
});
export type OpsPriceRuleApplyError = OperationError<typeof priceRuleApplyErrors>;
export const productPriceListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsProductPriceListError = OperationError<typeof productPriceListErrors>;
export const productPricesErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST"] });
export type OpsProductPricesError = OperationError<typeof productPricesErrors>;
export const overrideSetErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST", "PRODUCT_VARIANT_DOESNT_EXIST"], 409: ["PRICE_BELOW_PURCHASE_PRICE"] });
export type OpsPriceOverrideSetError = OperationError<typeof overrideSetErrors>;
export const overrideDeleteErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["PRICE_OVERRIDE_NOT_FOUND"] });
export type OpsPriceOverrideDeleteError = OperationError<typeof overrideDeleteErrors>;
export const purchasePricesErrors = operationErrors({ 400: ["VALIDATION_FAILED", "PURCHASE_PRICES_OUT_OF_ORDER"], ...STAFF_GUARD_ERRORS, 404: ["PRODUCT_DOESNT_EXIST"] });
export type OpsPurchasePricesError = OperationError<typeof purchasePricesErrors>;
