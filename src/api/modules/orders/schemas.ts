import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { CART_REPAIRS, DELIVERY_METHODS, PAYMENT_METHODS } from "../../../domain/checkout/cart-rules.ts";
import { ORDER_STATUSES } from "../../../domain/checkout/orders.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { IDEMPOTENCY_CONFLICTS } from "../../idempotency.ts";
import { moneySchema, pageParam, type QueryParams } from "../../schemas.ts";

export const address = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullish(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  packstation: z.boolean(),
  postNumber: z.string().nullish(),
});

export const placeOrderBody = z.object(
  {
    expectedTotal: z.number({ error: "expectedTotal must be the total in cents the customer saw" }).int().min(0),
    expectedDispatch: z.object({ min: z.number().int().min(0), max: z.number().int().min(0) }, { error: "expectedDispatch must be the dispatch days the customer saw" }),
    termsAccepted: z.literal(true, { error: "Accept the terms and conditions to place the order" }),
  },
  { error: "Send a JSON body with expectedTotal, expectedDispatch and termsAccepted" },
);

export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** Why an order cannot be placed as the cart is: the storefront sends the customer where it can be fixed. */
export const placeOrderErrors = operationErrors({
  400: ["VALIDATION_FAILED"],
  404: ["CART_EMPTY"],
  409: [
    "PRODUCT_VARIANT_OUT_OF_STOCK",
    ...CART_REPAIRS,
    "ADDRESS_MISSING",
    "EMAIL_REQUIRED",
    "PAYMENT_METHOD_MISSING",
    "ORDER_TOTAL_CHANGED",
    "CART_CHANGED",
    ...IDEMPOTENCY_CONFLICTS,
  ],
});
export type PlaceOrderError = OperationError<typeof placeOrderErrors>;

export const placedOrderSchema = z.object({
  orderUuid: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalPrice: moneySchema,
  redirectUrl: z.string().describe("Where the browser goes next: the payment provider, or the finish page for bank transfer"),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const orderViewSchema = z.object({
  orderUuid: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
  email: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  paymentDeadline: z.string(),
  billingAddress: address,
  deliveryAddress: address,
  couponCode: z.string().nullable(),
  minDaysUntilDispatch: z.number().int(),
  maxDaysUntilDispatch: z.number().int(),
  items: z.array(
    z.object({
      uuid: z.uuid(),
      product: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), imageUrl: z.string().nullable() }),
      variant: z.object({ label: z.enum(GRADES) }),
      withFullBattery: z.boolean(),
      price: moneySchema,
      discount: moneySchema,
      vatScheme: z.enum(["margin", "standard"]).describe("margin: used goods under §25a UStG, no VAT shown; standard: 19 % VAT included"),
    }),
  ),
  totals: z.object({ items: moneySchema, discount: moneySchema, insurance: moneySchema, shipping: moneySchema }),
  totalPrice: moneySchema,
  refundedTotal: moneySchema.describe("All that was given back of this order so far"),
  cancellable: z.boolean().describe("Whether the customer may still cancel it (api_order_cancel): until it is picked"),
  shipment: z
    .object({ carrier: z.string(), trackingNumber: z.string(), trackingUrl: z.string(), shippedAt: z.string(), deliveredAt: z.string().nullable() })
    .nullable()
    .describe("The parcel once it left: carrier, tracking number and the carrier's tracking page"),
  timeline: z.array(z.object({ status: z.enum(ORDER_STATUSES), event: z.string(), at: z.string() })),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderListSchema = z.object({
  orders: z.array(z.object({ orderUuid: z.uuid(), number: z.string(), status: z.enum(ORDER_STATUSES), placedAt: z.string(), itemCount: z.number().int(), totalPrice: moneySchema })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export type OrderList = z.infer<typeof orderListSchema>;

export const orderListQuery = z.object({ page: pageParam(1000) });
export type OrderListQuery = QueryParams<typeof orderListQuery>;
export const orderListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"] });
export type OrderListError = OperationError<typeof orderListErrors>;
export const orderUuidParams = z.object({ orderUuid: z.uuid("Order id must be a UUID") });
export const orderAccessQuery = z.object({ key: z.string().max(64).optional().describe("The key from the order mail's link: opens the order without an account (guests)") });
export const orderViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["ORDER_NOT_FOUND"] });
export type OrderViewError = OperationError<typeof orderViewErrors>;
