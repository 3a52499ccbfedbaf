import { describe, expect, it } from "vitest";
import { accessoryListPath, accessoryListReturn, addToCartErrorToast, afterAddToCart, repairToast, withWristband, wristbandChoiceBeforeAdd } from "./add-to-cart.ts";

const plain = {
  productId: 4711,
  accessoryListReturn: null,
  onAccessoryList: false,
  chargerCompatible: false,
  assemblySplit: false,
};

describe("afterAddToCart", () => {
  it("does nothing more on the accessory list itself", () => {
    expect(afterAddToCart({ ...plain, onAccessoryList: true, accessoryListReturn: "/accessories/12/cart", chargerCompatible: true, assemblySplit: true })).toEqual({
      kind: "none",
    });
  });

  it("goes back to the accessory list the customer came from", () => {
    expect(afterAddToCart({ ...plain, accessoryListReturn: "/accessories/12/cart", chargerCompatible: true, assemblySplit: true })).toEqual({
      kind: "back",
      to: "/accessories/12/cart",
    });
  });

  it("opens the product's accessory list when it is both charger compatible and assembly split", () => {
    expect(afterAddToCart({ ...plain, chargerCompatible: true, assemblySplit: true })).toEqual({ kind: "accessories", to: "/accessories/4711/cart" });
    expect(accessoryListPath(4711)).toBe("/accessories/4711/cart");
  });

  it("shows the confirmation modal otherwise, also with only one of the two flags", () => {
    expect(afterAddToCart(plain)).toEqual({ kind: "modal" });
    expect(afterAddToCart({ ...plain, chargerCompatible: true })).toEqual({ kind: "modal" });
    expect(afterAddToCart({ ...plain, assemblySplit: true })).toEqual({ kind: "modal" });
  });
});

describe("the wristband choice of a watch case", () => {
  it("comes before the add, with the grade and search the page had chosen", () => {
    const to = wristbandChoiceBeforeAdd("/i4711,watch-case", "?fullBattery=1&variant=a1&wristbandId=9", { label: "A2", searchUuid: "6f1c1c1e-1111-4111-8111-111111111111" });
    const url = new URL(to, "http://x");
    expect(url.pathname).toBe("/i4711,watch-case/wristband");
    expect(url.searchParams.get("variant")).toBe("A2");
    expect(url.searchParams.get("searchUuid")).toBe("6f1c1c1e-1111-4111-8111-111111111111");
    expect(url.searchParams.get("add")).toBe("1");
    // A band chosen earlier is not kept: this choice is the band.
    expect(url.searchParams.has("wristbandId")).toBe(false);
    expect(url.searchParams.get("fullBattery")).toBe("1");
  });

  it("gives the product page the chosen band, without the add marker", () => {
    expect(withWristband("?variant=A2&add=1", 17)).toBe("?variant=A2&wristbandId=17");
    expect(withWristband("?add=1&wristbandId=3", null)).toBe("");
  });
});

describe("accessoryListReturn", () => {
  it("accepts an accessory list path", () => {
    expect(accessoryListReturn("/accessories/12/cart")).toBe("/accessories/12/cart");
    expect(accessoryListReturn("/accessories/4711/product-page")).toBe("/accessories/4711/product-page");
  });

  it("ignores anything else", () => {
    for (const value of [
      null,
      "",
      "//evil.com",
      "//evil.com/accessories/1/cart",
      "https://evil.com/accessories/1/cart",
      "javascript:alert(1)",
      "accessories/1/cart",
      "../accessories/1/cart",
      "/accessories/1/x?y",
      "/accessories/1/cart#top",
      "/accessories/1/cart/",
      "/accessories/abc/cart",
      "/accessories//cart",
      "/accessories/1/",
      "/accessories/1/a/b",
      "/accessories/1/cart\n",
      "/cart",
    ]) {
      expect(accessoryListReturn(value), String(value)).toBeNull();
    }
  });
});

describe("addToCartErrorToast", () => {
  const prefix = "blue.cart.flash.error.addItem.";

  it("names the reason on a 400 for each known code", () => {
    expect(addToCartErrorToast(400, "PRODUCT_VARIANT_EXHAUSTED")).toBe(`${prefix}variantExhausted`);
    expect(addToCartErrorToast(400, "PRODUCT_VARIANT_OUT_OF_STOCK")).toBe(`${prefix}outOfStock`);
    expect(addToCartErrorToast(400, "PRODUCT_NOT_SALEABLE")).toBe(`${prefix}notSaleable`);
    expect(addToCartErrorToast(400, "PRODUCT_DOESNT_EXIST")).toBe(`${prefix}doesNotExist`);
    expect(addToCartErrorToast(400, "PRODUCT_VARIANT_DOESNT_EXIST")).toBe(`${prefix}doesNotExist`);
    expect(addToCartErrorToast(400, "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED")).toBe(`${prefix}installmentsCouponError`);
  });

  it("shows the general toast for any other status, even with a known code", () => {
    for (const status of [401, 404, 409, 422, 429, 500, 503]) {
      expect(addToCartErrorToast(status, "PRODUCT_VARIANT_OUT_OF_STOCK")).toBe(`${prefix}default`);
    }
    expect(addToCartErrorToast(0, undefined)).toBe(`${prefix}default`);
  });

  it("shows the general toast on a 400 with an unknown code or none", () => {
    expect(addToCartErrorToast(400, "VALIDATION_FAILED")).toBe(`${prefix}default`);
    expect(addToCartErrorToast(400, "COUPON::EXPIRED")).toBe(`${prefix}default`);
    expect(addToCartErrorToast(400, "")).toBe(`${prefix}default`);
    expect(addToCartErrorToast(400, undefined)).toBe(`${prefix}default`);
  });
});

describe("repairToast", () => {
  it("shows the invalid-coupon toast for any COUPON:: code", () => {
    for (const code of ["COUPON::INVALID", "COUPON::EXPIRED", "COUPON::MIN_ORDER_VALUE", "COUPON::ALREADY_USED", "COUPON::SOMETHING_NEW"]) {
      expect(repairToast(code, false)).toBe("repairedCart.invalidCoupon");
      expect(repairToast(code, true)).toBe("repairedCart.invalidCoupon");
    }
  });

  it("shows a changed order promise only while the order is being placed", () => {
    expect(repairToast("ORDER_PROMISE_CHANGED", true)).toBe("repairedCart.orderPromiseChanged");
    expect(repairToast("ORDER_PROMISE_CHANGED", false)).toBeNull();
  });

  it("has a toast for each other repair, in and out of checkout", () => {
    const toasts = {
      INVALID_PAYMENT_METHOD: "repairedCart.invalidPaymentMethod",
      ADDRESS_DOES_NOT_ALLOW_INSURANCE: "repairedCart.addressDoesNotAllowInsurance",
      PACKSTATION_NOT_ALLOWED: "repairedCart.packstationNotAllowed",
      DELIVERY_METHOD_VALIDATION_FAILED: "repairedCart.deliveryMethodValidationFailed",
      MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE: "repairedCart.multiItemOrderDoesNotAllowInsurance",
    };
    for (const [code, toast] of Object.entries(toasts)) {
      expect(repairToast(code, false)).toBe(toast);
      expect(repairToast(code, true)).toBe(toast);
    }
  });

  it("shows nothing for an unknown code", () => {
    expect(repairToast("SOMETHING_ELSE", true)).toBeNull();
    expect(repairToast("COUPON", false)).toBeNull();
    expect(repairToast("", false)).toBeNull();
  });
});
