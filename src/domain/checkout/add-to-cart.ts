/*
 * What the storefront does after a successful add to the buy cart, and which toast a failure
 * shows: SPEC's rules, apart from the components that carry them out.
 */

import type { CartRepair } from "./cart-rules.ts";

export type AddFollowUp =
  | { kind: "back"; to: string }
  | { kind: "accessories"; to: string }
  | { kind: "none" }
  | { kind: "modal" };

export function afterAddToCart(input: {
  productId: number;
  /** The accessory list the customer came from to this product page, if any. */
  accessoryListReturn: string | null;
  onAccessoryList: boolean;
  chargerCompatible: boolean;
  assemblySplit: boolean;
}): AddFollowUp {
  if (input.onAccessoryList) return { kind: "none" };
  if (input.accessoryListReturn) return { kind: "back", to: input.accessoryListReturn };
  if (input.chargerCompatible && input.assemblySplit) return { kind: "accessories", to: accessoryListPath(input.productId) };
  return { kind: "modal" };
}

/** The add form's field that adds a watch case without a band (the wristband choice's "without a band"). */
export const WITHOUT_WRISTBAND = "withoutWristband";

/** The query parameter that opens the wristband choice as the second half of an add to the cart. */
export const WRISTBAND_ADD_PARAM = "add";

/**
 * Where "In den Warenkorb" on a watch case without a band goes: the wristband choice, before
 * anything is added. It carries what was chosen on the page (grade, search), so the choice of a
 * band adds case and band in one add, and leaving the choice adds nothing.
 */
export function wristbandChoiceBeforeAdd(productPath: string, search: string, chosen: { label: string; searchUuid: string | null }): string {
  const params = new URLSearchParams(search);
  for (const gone of ["wristbandId", "searchUuid", "variant", WRISTBAND_ADD_PARAM]) params.delete(gone);
  params.set("variant", chosen.label);
  if (chosen.searchUuid) params.set("searchUuid", chosen.searchUuid);
  params.set(WRISTBAND_ADD_PARAM, "1");
  return `${productPath}/wristband?${params.toString()}`;
}

/** The product page's query after a band was chosen in the wristband choice: the band in, the add marker out. */
export function withWristband(search: string, wristbandId: number | null): string {
  const params = new URLSearchParams(search);
  params.delete(WRISTBAND_ADD_PARAM);
  if (wristbandId === null) params.delete("wristbandId");
  else params.set("wristbandId", String(wristbandId));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The accessory list for a product, in the checkout layout. */
export function accessoryListPath(productId: number): string {
  return `/accessories/${productId}/cart`;
}

/** Only an accessory list may be gone back to after an add: anything else in the parameter is ignored. */
export function accessoryListReturn(value: string | null): string | null {
  return value && /^\/accessories\/\d+\/[\w-]+$/.test(value) ? value : null;
}

/**
 * The codes of a refused add that SPEC (§8) gives a toast of its own; the API answers them with
 * 400, and names them among api_cart_add_item's codes from here.
 */
export const ADD_TO_CART_REFUSALS = [
  "PRODUCT_VARIANT_EXHAUSTED",
  "PRODUCT_VARIANT_OUT_OF_STOCK",
  "PRODUCT_NOT_SALEABLE",
  "PRODUCT_DOESNT_EXIST",
  "PRODUCT_VARIANT_DOESNT_EXIST",
  "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED",
] as const;
export type AddToCartRefusal = (typeof ADD_TO_CART_REFUSALS)[number];

const ADD_ERROR_TOASTS: Record<AddToCartRefusal, string> = {
  PRODUCT_VARIANT_EXHAUSTED: "blue.cart.flash.error.addItem.variantExhausted",
  PRODUCT_VARIANT_OUT_OF_STOCK: "blue.cart.flash.error.addItem.outOfStock",
  PRODUCT_NOT_SALEABLE: "blue.cart.flash.error.addItem.notSaleable",
  PRODUCT_DOESNT_EXIST: "blue.cart.flash.error.addItem.doesNotExist",
  PRODUCT_VARIANT_DOESNT_EXIST: "blue.cart.flash.error.addItem.doesNotExist",
  "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED": "blue.cart.flash.error.addItem.installmentsCouponError",
};

/** The toast for a failed add: by code on a 400, the general one (with name and grade) otherwise. */
export function addToCartErrorToast(status: number, code: string | undefined): string {
  if (status === 400 && code && Object.hasOwn(ADD_ERROR_TOASTS, code)) return ADD_ERROR_TOASTS[code as AddToCartRefusal];
  return "blue.cart.flash.error.addItem.default";
}

const REPAIR_TOASTS: Record<Exclude<CartRepair, `COUPON::${string}`>, string> = {
  INVALID_PAYMENT_METHOD: "repairedCart.invalidPaymentMethod",
  ORDER_PROMISE_CHANGED: "repairedCart.orderPromiseChanged",
  ADDRESS_DOES_NOT_ALLOW_INSURANCE: "repairedCart.addressDoesNotAllowInsurance",
  PACKSTATION_NOT_ALLOWED: "repairedCart.packstationNotAllowed",
  DELIVERY_METHOD_VALIDATION_FAILED: "repairedCart.deliveryMethodValidationFailed",
  MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE: "repairedCart.multiItemOrderDoesNotAllowInsurance",
};

/**
 * The toast for a repair of the cart; null for one not shown. Any COUPON:: code is the invalid
 * coupon toast; a changed order promise is news only while the order is being placed.
 */
export function repairToast(code: string, duringCheckout: boolean): string | null {
  if (code.startsWith("COUPON::")) return "repairedCart.invalidCoupon";
  if (code === "ORDER_PROMISE_CHANGED" && !duringCheckout) return null;
  return Object.hasOwn(REPAIR_TOASTS, code) ? REPAIR_TOASTS[code as keyof typeof REPAIR_TOASTS] : null;
}
