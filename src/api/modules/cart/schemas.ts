import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { ADD_TO_CART_REFUSALS } from "../../../domain/checkout/add-to-cart.ts";
import { CART_REPAIRS, DELIVERY_METHODS, PAYMENT_METHODS } from "../../../domain/checkout/cart-rules.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { addressInput, addressSchema, emailField, flagParam, idField, moneySchema, textParam, type QueryParams } from "../../schemas.ts";

const cartItemSchema = z.object({
  uuid: z.uuid(),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), brand: z.string(), imageUrl: z.string().nullable(), categoryId: z.number().int() }),
  variant: z.object({ label: z.enum(GRADES) }),
  price: moneySchema.describe("Unit price with the full-battery option when chosen"),
  discount: moneySchema.describe("This item's share of the coupon"),
  withFullBattery: z.boolean(),
  fullBatteryOffered: z.boolean().describe("Whether the option can be switched on for this item now"),
  available: z.boolean().describe("false when the grade sold out or the product cannot be bought any more; such items block the checkout"),
});

const simulatedCouponSchema = z.object({
  code: z.string(),
  discount: moneySchema,
  problem: z.string().nullable().describe("COUPON:: code when the coupon would not apply now"),
});

export const cartViewSchema = z.object({
  uuid: z.uuid().nullable().describe("null until something is added"),
  items: z.array(cartItemSchema),
  itemCount: z.number().int(),
  minDaysUntilDispatch: z.number().int(),
  maxDaysUntilDispatch: z.number().int(),
  insurance: z.object({ offered: z.boolean(), chosen: z.boolean(), price: moneySchema.nullable() }),
  couponCode: z.string().nullable(),
  simulatedCoupon: simulatedCouponSchema.nullable().describe("The entered coupon, or one a product in the cart carries, as it would apply"),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  totals: z.object({ items: moneySchema, discount: moneySchema, insurance: moneySchema, shipping: moneySchema, total: moneySchema }),
  email: z.string().nullable(),
  billingAddress: addressSchema.nullable(),
  deliveryAddress: addressSchema.nullable(),
  repairs: z.array(z.enum(CART_REPAIRS)).describe("What the server changed since the cart was last seen; each has a toast"),
});
export type CartView = z.infer<typeof cartViewSchema>;

export const addItemBody = z.object(
  {
    id: idField("Product id"),
    name: z.string().max(250).optional().describe("The product's name as shown, for messages"),
    productVariantLabel: z.enum(GRADES, { error: "productVariantLabel must be NEW or A0 to A4" }),
    searchUuid: z.uuid().nullish(),
    withFullBattery: z.boolean().default(false),
    wristbandId: idField("Wristband id").optional().describe("For a watch case: the chosen band, added with it in its cheapest grade in stock"),
  },
  { error: "Send a JSON body with id and productVariantLabel" },
);

export type CartAddItemBody = z.input<typeof addItemBody>;

export const updateItemBody = z.object(
  { productVariantLabel: z.enum(GRADES).optional(), withFullBattery: z.boolean().optional() },
  { error: "Send a JSON body with productVariantLabel or withFullBattery" },
);

export type CartUpdateItemBody = z.input<typeof updateItemBody>;

export const removeItemQuery = z.object({
  page: z.enum(["cart", "checkout"]).default("cart").describe("Where the item was removed"),
  repair: flagParam().default(true).describe("1: repair the cart's choices after removing (default); 0: report without storing"),
});

export type CartRemoveItemQuery = QueryParams<typeof removeItemQuery>;

export const itemUuidParams = z.object({ uuid: z.uuid("Item id must be a UUID") });

export const couponBody = z.object({ code: textParam("Coupon code", 40) }, { error: "Send a JSON body with code" });

export type CartCouponBody = z.input<typeof couponBody>;

export const simulateCouponBody = z
  .object({ code: textParam("Coupon code", 40).optional(), productId: idField("Product id").optional() })
  .nullish()
  .describe("A code, a product whose coupon to try, or nothing for the cart's own");

export type CartSimulateCouponBody = z.input<typeof simulateCouponBody>;

export const optionsBody = z.object(
  { insurance: z.boolean().optional(), deliveryMethod: z.enum(DELIVERY_METHODS).optional(), paymentMethod: z.enum(PAYMENT_METHODS).optional() },
  { error: "Send a JSON body with insurance, deliveryMethod or paymentMethod" },
);

export type CartOptionsBody = z.input<typeof optionsBody>;

export const checkoutAddressBody = z.object(
  {
    email: emailField.optional().describe("Guests only: where the confirmation goes"),
    billingAddress: addressInput,
    deliveryAddress: addressInput.nullish().describe("null or absent: deliver to the billing address"),
  },
  { error: "Send a JSON body with billingAddress" },
);

export type CheckoutAddressBody = z.input<typeof checkoutAddressBody>;

export const simulatedCouponResult = simulatedCouponSchema;

/** The codes a coupon is refused with (the domain's couponProblem). */
const COUPON_PROBLEMS = ["COUPON::INVALID", "COUPON::EXPIRED", "COUPON::MIN_ORDER_VALUE", "COUPON::ALREADY_USED", "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED"] as const;
/** Why a unit cannot go into the cart, or change to another grade (SPEC's codes). */
const UNIT_REFUSALS = ["PRODUCT_DOESNT_EXIST", "PRODUCT_VARIANT_DOESNT_EXIST", "PRODUCT_NOT_SALEABLE", "PRODUCT_VARIANT_OUT_OF_STOCK", "PRODUCT_VARIANT_EXHAUSTED"] as const;

export const cartAddItemErrors = operationErrors({ 400: ["VALIDATION_FAILED", ...ADD_TO_CART_REFUSALS, "CART_FULL"] });
export type CartAddItemError = OperationError<typeof cartAddItemErrors>;
export const cartUpdateItemErrors = operationErrors({ 400: ["VALIDATION_FAILED", ...UNIT_REFUSALS], 404: ["CART_ITEM_NOT_FOUND"] });
export type CartUpdateItemError = OperationError<typeof cartUpdateItemErrors>;
export const cartRemoveItemErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["CART_ITEM_NOT_FOUND"] });
export type CartRemoveItemError = OperationError<typeof cartRemoveItemErrors>;
export const cartSetCouponErrors = operationErrors({ 400: ["VALIDATION_FAILED", ...COUPON_PROBLEMS] });
export type CartSetCouponError = OperationError<typeof cartSetCouponErrors>;
export const cartSimulateCouponErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["PRODUCT_DOESNT_EXIST"] });
export type CartSimulateCouponError = OperationError<typeof cartSimulateCouponErrors>;
export const cartUpdateOptionsErrors = operationErrors({
  400: [
    "VALIDATION_FAILED",
    "MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE",
    "INSURANCE_NOT_OFFERED",
    "ADDRESS_DOES_NOT_ALLOW_INSURANCE",
    "INVALID_PAYMENT_METHOD",
    "PACKSTATION_NOT_ALLOWED",
    "DELIVERY_METHOD_VALIDATION_FAILED",
  ],
  404: ["CART_EMPTY"],
});
export type CartUpdateOptionsError = OperationError<typeof cartUpdateOptionsErrors>;
export const checkoutSetAddressErrors = operationErrors({ 400: ["VALIDATION_FAILED", "EMAIL_REQUIRED", "PACKSTATION_NOT_ALLOWED"], 404: ["CART_EMPTY"] });
export type CheckoutSetAddressError = OperationError<typeof checkoutSetAddressErrors>;
