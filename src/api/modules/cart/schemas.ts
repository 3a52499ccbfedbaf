import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { CART_REPAIRS, DELIVERY_METHODS, PAYMENT_METHODS } from "../../../domain/checkout/cart-rules.ts";
import { addressInput, addressSchema, emailField, flagParam, idField, moneySchema, textParam } from "../../schemas.ts";

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

export const updateItemBody = z.object(
  { productVariantLabel: z.enum(GRADES).optional(), withFullBattery: z.boolean().optional() },
  { error: "Send a JSON body with productVariantLabel or withFullBattery" },
);

export const removeItemQuery = z.object({
  page: z.enum(["cart", "checkout"]).default("cart").describe("Where the item was removed"),
  repair: flagParam().default(true).describe("1: repair the cart's choices after removing (default); 0: report without storing"),
});

export const itemUuidParams = z.object({ uuid: z.uuid("Item id must be a UUID") });

export const couponBody = z.object({ code: textParam("Coupon code", 40) }, { error: "Send a JSON body with code" });

export const simulateCouponBody = z
  .object({ code: textParam("Coupon code", 40).optional(), productId: idField("Product id").optional() })
  .nullish()
  .describe("A code, a product whose coupon to try, or nothing for the cart's own");

export const optionsBody = z.object(
  { insurance: z.boolean().optional(), deliveryMethod: z.enum(DELIVERY_METHODS).optional(), paymentMethod: z.enum(PAYMENT_METHODS).optional() },
  { error: "Send a JSON body with insurance, deliveryMethod or paymentMethod" },
);

export const checkoutAddressBody = z.object(
  {
    email: emailField.optional().describe("Guests only: where the confirmation goes"),
    billingAddress: addressInput,
    deliveryAddress: addressInput.nullish().describe("null or absent: deliver to the billing address"),
  },
  { error: "Send a JSON body with billingAddress" },
);

export const simulatedCouponResult = simulatedCouponSchema;
