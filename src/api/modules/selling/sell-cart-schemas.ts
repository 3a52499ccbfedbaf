import { z } from "zod";
import { QUESTION_SETS, SELL_GRADES } from "../../../domain/selling/grading.ts";
import { CARRIERS, MAX_PARCELS } from "../../../domain/selling/sell-cart-rules.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { flagParam, idParam, moneySchema, textParam, type QueryParams } from "../../schemas.ts";
import { gradingAnswers } from "./offer-schemas.ts";

export const addSellItemBody = z.object(
  {
    price: z.number({ error: "price must be the offer in cents the seller saw" }).int().min(0),
    searchUuid: z.uuid("searchUuid must be a UUID").nullish(),
    customerGradingDto: z.object({ answers: gradingAnswers }, { error: "customerGradingDto must hold the answers" }),
    editId: z.uuid("editId must be the UUID of an item in the sell cart").nullish().describe("Replace this item's answers and offer instead of adding one"),
  },
  { error: "Send a JSON body with price, customerGradingDto and optionally searchUuid and editId" },
);
export type SellCartAddBody = z.input<typeof addSellItemBody>;
export const productIdParams = z.object({ id: idParam("Product id") });
export const itemUuidParams = z.object({ id: z.uuid("Item id must be a UUID") });
export const sellCartQuery = z.object({ withProducts: flagParam().default(true).describe("Include names and pictures of the products") });
export type SellCartQuery = QueryParams<typeof sellCartQuery>;
export const sellCouponBody = z.object({ code: textParam("Coupon code", 40) }, { error: "Send a JSON body with code" });
export type SellCouponBody = z.input<typeof sellCouponBody>;
export const shippingBody = z
  .object(
    {
      carrier: z.enum(CARRIERS, { error: `carrier must be one of ${CARRIERS.join(", ")}` }).optional(),
      parcels: z.number().int().min(1).max(MAX_PARCELS, `At most ${MAX_PARCELS} parcels`).optional(),
    },
    { error: "Send a JSON body with carrier and/or parcels" },
  )
  .refine((b) => b.carrier !== undefined || b.parcels !== undefined, { message: "Send carrier, parcels or both" });

export type SellShippingBody = z.input<typeof shippingBody>;

export const sellCartViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type SellCartViewError = OperationError<typeof sellCartViewErrors>;
/** An offer the shop does not take as sent: the product's and the answers' problems, a refusal (TRADE_IN::), a full cart, a price that is no longer the offer. */
export const sellCartAddErrors = operationErrors({
  400: [
    "VALIDATION_FAILED",
    "PRODUCT_NOT_PURCHASABLE",
    "GRADING_ANSWERS_INVALID",
    "TRADE_IN::ACTIVATION_LOCK",
    "TRADE_IN::MEDIA_INCOMPLETE",
    "TRADE_IN::MEDIA_POOR",
    "TRADE_IN::BELOW_MINIMUM",
    "SELL_CART_FULL",
  ],
  404: ["PRODUCT_DOESNT_EXIST", "CART_ITEM_NOT_FOUND"],
  409: ["TRADE_IN::OFFER_CHANGED"],
});
export type SellCartAddError = OperationError<typeof sellCartAddErrors>;
export const sellCartRemoveErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["CART_EMPTY", "CART_ITEM_NOT_FOUND"] });
export type SellCartRemoveError = OperationError<typeof sellCartRemoveErrors>;
export const sellCartAnswersErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["CART_ITEM_NOT_FOUND"] });
export type SellCartAnswersError = OperationError<typeof sellCartAnswersErrors>;
export const sellCartSetCouponErrors = operationErrors({ 400: ["VALIDATION_FAILED", "SELL_COUPON::NOT_FOUND", "SELL_COUPON::EXPIRED", "SELL_COUPON::ALREADY_USED"] });
export type SellCartSetCouponError = OperationError<typeof sellCartSetCouponErrors>;
export const sellCartSetExpressGradingErrors = operationErrors({ 404: ["CART_EMPTY"], 409: ["EXPRESS_GRADING_NOT_AVAILABLE"] });
export type SellCartSetExpressGradingError = OperationError<typeof sellCartSetExpressGradingErrors>;
export const sellCartRemoveExpressGradingErrors = operationErrors({ 404: ["CART_EMPTY"] });
export type SellCartRemoveExpressGradingError = OperationError<typeof sellCartRemoveExpressGradingErrors>;
export const sellCartShippingErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["CART_EMPTY"] });
export type SellCartShippingError = OperationError<typeof sellCartShippingErrors>;

const prepareError = z.discriminatedUnion("type", [
  z.object({ type: z.literal("MinOrderThresholdUnfulfilledErrorDto"), minimum: moneySchema, missing: moneySchema }),
  z.object({ type: z.literal("InvalidCarrierForCurrentCartErrorDto"), carrier: z.enum(CARRIERS), insuredValue: moneySchema, carrierLimit: moneySchema }),
  z.object({ type: z.literal("ExpressGradingNotAvailableErrorDto"), reason: z.enum(["MEDIA_IN_CART", "TOO_MANY_ITEMS"]) }),
]);

export const sellCartSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      product: z.object({ id: z.number().int(), name: z.string().optional(), slug: z.string().optional(), imageUrl: z.string().nullable().optional() }),
      questionSet: z.enum(QUESTION_SETS),
      grade: z.enum(SELL_GRADES),
      price: moneySchema,
      breakdown: z.array(z.object({ kind: z.enum(["base", "battery", "accessories"]), amount: moneySchema })),
      validUntil: z.string(),
      searchUuid: z.uuid().nullable(),
      offerRenewed: z.boolean().describe("The offer had run out and was made again at today's price"),
    }),
  ),
  orderProductsCount: z.number().int(),
  removedItems: z.array(z.string()).describe("Items just taken out: the shop no longer buys them, or not as described; tell the seller once"),
  couponCode: z.string().nullable(),
  coupon: z.object({ code: z.string(), bonusPercent: z.number().int(), maxBonus: moneySchema }).nullable(),
  expressGrading: z.boolean(),
  carrier: z.enum(CARRIERS),
  parcels: z.number().int(),
  totals: z.object({ items: moneySchema, couponBonus: moneySchema, labelFee: moneySchema, expressFee: moneySchema, payout: moneySchema, insuredValue: moneySchema }),
  freeLabelFrom: moneySchema,
  errors: z.array(prepareError).describe("What stops the checkout now; empty when the cart can be checked out"),
});
export type SellCartView = z.infer<typeof sellCartSchema>;
export const prepareCheckoutSchema = z.object({ cart: sellCartSchema });
export const addedSellItemSchema = sellCartSchema.extend({ addedItemId: z.uuid() });

export const gradingAnswersSchema = z.object({
  id: z.uuid(),
  productId: z.number().int(),
  questionSet: z.enum(QUESTION_SETS),
  answers: z.record(z.string(), z.string()),
  grade: z.enum(SELL_GRADES),
});
