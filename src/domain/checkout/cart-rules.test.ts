import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availablePaymentMethods,
  cartCookie,
  cartTotals,
  couponProblem,
  dispatchDays,
  insuranceAllowedFor,
  insurancePrice,
  lineDiscounts,
  linePrice,
  packstationProblem,
  PREPAYMENT_MAX_TOTAL,
  repairChoices,
  type Address,
  type CartChoices,
  type CartLine,
  type Coupon,
} from "./cart-rules.ts";

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    uuid: "00000000-0000-4000-8000-000000000001",
    productId: 1,
    label: "A2",
    withFullBattery: false,
    price: 20_000,
    fullBatteryPrice: 5_000,
    stock: 3,
    fullBatteryStock: 1,
    saleable: true,
    insurancePrice: 1_490,
    productCouponCode: null,
    ...overrides,
  };
}

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: "AUTUMN",
    kind: "fixed",
    amount: 1_000,
    minOrderValue: 0,
    validFrom: "2026-11-01",
    validTo: "2026-11-30",
    oncePerCustomer: false,
    singleItemOnly: false,
    ...overrides,
  };
}

function address(overrides: Partial<Address> = {}): Address {
  return {
    firstName: "Erika",
    lastName: "Mustermann",
    street: "Hauptstraße",
    houseNumber: "1",
    postalCode: "10115",
    city: "Berlin",
    country: "DE",
    packstation: false,
    ...overrides,
  };
}

const packstation = address({ street: "Packstation", houseNumber: "123", postNumber: "12345678", packstation: true });

function choices(overrides: Partial<CartChoices> = {}): CartChoices {
  return { couponCode: null, insurance: false, deliveryMethod: "standard", paymentMethod: null, deliveryAddress: null, ...overrides };
}

const allMethods = ["sandbox", "prepayment", "stripe"] as const;
const inWindow = "2026-11-15";

describe("linePrice", () => {
  it("is the grade's price, plus the full-battery option only when chosen", () => {
    expect(linePrice({ price: 24_900, fullBatteryPrice: 4_900, withFullBattery: false })).toBe(24_900);
    expect(linePrice({ price: 24_900, fullBatteryPrice: 4_900, withFullBattery: true })).toBe(29_800);
  });
});

describe("couponProblem", () => {
  it("calls a coupon that does not exist invalid", () => {
    expect(couponProblem(null, [line()], inWindow, false)).toBe("COUPON::INVALID");
  });

  it("applies within the validity window, both ends included, and has expired outside it", () => {
    expect(couponProblem(coupon(), [line()], "2026-10-31", false)).toBe("COUPON::EXPIRED");
    expect(couponProblem(coupon(), [line()], "2026-11-01", false)).toBeNull();
    expect(couponProblem(coupon(), [line()], inWindow, false)).toBeNull();
    expect(couponProblem(coupon(), [line()], "2026-11-30", false)).toBeNull();
    expect(couponProblem(coupon(), [line()], "2026-12-01", false)).toBe("COUPON::EXPIRED");
  });

  it("refuses an instalment coupon for an order of two items, not of one", () => {
    const installments = coupon({ singleItemOnly: true });
    expect(couponProblem(installments, [line()], inWindow, false)).toBeNull();
    expect(couponProblem(installments, [line(), line({ uuid: "2" })], inWindow, false)).toBe("COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED");
  });

  it("needs the minimum order value: exactly reached applies, one cent short does not", () => {
    const min = coupon({ minOrderValue: 30_000 });
    expect(couponProblem(min, [line({ price: 20_000 }), line({ price: 10_000 })], inWindow, false)).toBeNull();
    expect(couponProblem(min, [line({ price: 20_000 }), line({ price: 9_999 })], inWindow, false)).toBe("COUPON::MIN_ORDER_VALUE");
  });

  it("counts the full-battery option towards the minimum order value", () => {
    const min = coupon({ minOrderValue: 30_000 });
    expect(couponProblem(min, [line({ price: 25_000, fullBatteryPrice: 5_000, withFullBattery: true })], inWindow, false)).toBeNull();
    expect(couponProblem(min, [line({ price: 25_000, fullBatteryPrice: 5_000, withFullBattery: false })], inWindow, false)).toBe(
      "COUPON::MIN_ORDER_VALUE",
    );
  });

  it("refuses a once-per-customer coupon the customer has used, and only such a coupon", () => {
    expect(couponProblem(coupon({ oncePerCustomer: true }), [line()], inWindow, true)).toBe("COUPON::ALREADY_USED");
    expect(couponProblem(coupon({ oncePerCustomer: true }), [line()], inWindow, false)).toBeNull();
    expect(couponProblem(coupon({ oncePerCustomer: false }), [line()], inWindow, true)).toBeNull();
  });

  it("checks validity, then the item count, then the minimum order value, then earlier use", () => {
    const strict = coupon({ singleItemOnly: true, minOrderValue: 50_000, oncePerCustomer: true });
    const two = [line({ price: 10_000 }), line({ uuid: "2", price: 10_000 })];
    expect(couponProblem(strict, two, "2026-12-01", true)).toBe("COUPON::EXPIRED");
    expect(couponProblem(strict, two, inWindow, true)).toBe("COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED");
    expect(couponProblem(strict, [line({ price: 10_000 })], inWindow, true)).toBe("COUPON::MIN_ORDER_VALUE");
    expect(couponProblem(strict, [line({ price: 50_000 })], inWindow, true)).toBe("COUPON::ALREADY_USED");
    expect(couponProblem(strict, [line({ price: 50_000 })], inWindow, false)).toBeNull();
  });
});

describe("lineDiscounts", () => {
  it("gives nothing without a coupon, and nothing for an empty cart", () => {
    expect(lineDiscounts(null, [line(), line()])).toEqual([0, 0]);
    expect(lineDiscounts(coupon(), [])).toEqual([]);
  });

  it("takes a percentage off each line, rounded to the cent", () => {
    const tenPercent = coupon({ kind: "percent", amount: 10 });
    // 1 234.5 rounds up, 999.4 rounds down.
    expect(lineDiscounts(tenPercent, [line({ price: 12_345 }), line({ price: 9_994 })])).toEqual([1_235, 999]);
    // 15 % of 250 € + 48 € battery = 44.70 €.
    expect(lineDiscounts(coupon({ kind: "percent", amount: 15 }), [line({ price: 25_000, fullBatteryPrice: 4_800, withFullBattery: true })])).toEqual([
      4_470,
    ]);
    expect(lineDiscounts(coupon({ kind: "percent", amount: 100 }), [line({ price: 19_999 })])).toEqual([19_999]);
  });

  it("spreads a fixed amount in proportion to the line prices", () => {
    // 10 € over 300 € and 100 €: three quarters and a quarter.
    expect(lineDiscounts(coupon({ amount: 1_000 }), [line({ price: 30_000 }), line({ price: 10_000 })])).toEqual([750, 250]);
    // The full-battery option is part of the line's price: 200 € + 50 € against 250 €.
    expect(
      lineDiscounts(coupon({ amount: 1_000 }), [line({ price: 20_000, fullBatteryPrice: 5_000, withFullBattery: true }), line({ price: 25_000 })]),
    ).toEqual([500, 500]);
  });

  it("gives the rounding rest to the lines that lost most, so the shares sum exactly to the amount", () => {
    // 10 € over three equal lines: one of them gets the cent (the first, at equal remainders).
    const shares = lineDiscounts(coupon({ amount: 1_000 }), [line(), line(), line()]);
    expect(shares).toEqual([334, 333, 333]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1_000);
    // 10.01 € over two equal lines: 5.01 € and 5.00 €.
    expect(lineDiscounts(coupon({ amount: 1_001 }), [line({ price: 25_000 }), line({ price: 25_000 })])).toEqual([501, 500]);
  });

  it("never takes more off a line than it costs, even a cheap last line", () => {
    expect(lineDiscounts(coupon({ amount: 10 }), [line({ price: 5 }), line({ price: 5 }), line({ price: 1 })])).toEqual([5, 4, 1]);
    expect(lineDiscounts(coupon({ amount: 99_999 }), [line({ price: 50_000 }), line({ price: 50_000 }), line({ price: 100 })])).toEqual([49_950, 49_949, 100]);
    expect(lineDiscounts(coupon({ amount: 500 }), [line({ price: 0 }), line({ price: 0 })])).toEqual([0, 0]);
  });

  it("never gives more than the subtotal", () => {
    expect(lineDiscounts(coupon({ amount: 50_000 }), [line({ price: 10_000 }), line({ price: 20_000 })])).toEqual([10_000, 20_000]);
    expect(lineDiscounts(coupon({ amount: 50_000 }), [line({ price: 9_900 })])).toEqual([9_900]);
  });

  it("property: fixed shares sum to min(amount, subtotal), one per line, none negative", () => {
    const arbitraryLine = fc.record({
      price: fc.integer({ min: 1, max: 500_000 }),
      fullBatteryPrice: fc.integer({ min: 0, max: 20_000 }),
      withFullBattery: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 2_000_000 }), (lines, amount) => {
        const shares = lineDiscounts(coupon({ amount }), lines);
        const subtotal = lines.reduce((sum, l) => sum + linePrice(l), 0);
        expect(shares).toHaveLength(lines.length);
        expect(shares.every((s, i) => Number.isInteger(s) && s >= 0 && s <= linePrice(lines[i]!))).toBe(true);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(amount, subtotal));
      }),
    );
  });
});

describe("cartTotals", () => {
  const lines = [line({ price: 20_000, fullBatteryPrice: 5_000, withFullBattery: true }), line({ price: 10_000 })];

  it("adds items and shipping and takes off the discounts", () => {
    expect(cartTotals(lines, [500, 250], { insurance: false, deliveryMethod: "standard" })).toEqual({
      itemsTotal: 35_000,
      discountTotal: 750,
      insurance: 0,
      shipping: 0,
      total: 34_250,
    });
    expect(cartTotals(lines, [0, 0], { insurance: false, deliveryMethod: "express" })).toEqual({
      itemsTotal: 35_000,
      discountTotal: 0,
      insurance: 0,
      shipping: 990,
      total: 35_990,
    });
  });

  it("adds insurance for a single insurable item only", () => {
    const one = [line({ price: 30_000, insurancePrice: 1_490 })];
    expect(cartTotals(one, [1_000], { insurance: true, deliveryMethod: "express" })).toEqual({
      itemsTotal: 30_000,
      discountTotal: 1_000,
      insurance: 1_490,
      shipping: 990,
      total: 31_480,
    });
    expect(cartTotals(lines, [0, 0], { insurance: true, deliveryMethod: "standard" }).insurance).toBe(0);
    expect(cartTotals([line({ insurancePrice: null })], [0], { insurance: true, deliveryMethod: "standard" }).insurance).toBe(0);
  });

  it("charges no shipping for an empty cart", () => {
    expect(cartTotals([], [], { insurance: true, deliveryMethod: "express" })).toEqual({
      itemsTotal: 0,
      discountTotal: 0,
      insurance: 0,
      shipping: 0,
      total: 0,
    });
  });
});

describe("dispatchDays", () => {
  it("is nothing for an empty cart", () => {
    expect(dispatchDays([], "standard")).toEqual({ min: 0, max: 0 });
    expect(dispatchDays([], "express")).toEqual({ min: 0, max: 0 });
  });

  it("is one to two working days for standard, the same or next day for express", () => {
    expect(dispatchDays([{ withFullBattery: false }], "standard")).toEqual({ min: 1, max: 2 });
    expect(dispatchDays([{ withFullBattery: false }], "express")).toEqual({ min: 0, max: 1 });
  });

  it("adds two days when any unit gets a full battery first", () => {
    expect(dispatchDays([{ withFullBattery: false }, { withFullBattery: true }], "standard")).toEqual({ min: 3, max: 4 });
    expect(dispatchDays([{ withFullBattery: true }], "express")).toEqual({ min: 2, max: 3 });
  });
});

describe("insurancePrice", () => {
  it("is the single item's insurance price", () => {
    expect(insurancePrice([{ insurancePrice: 1_490 }])).toBe(1_490);
  });
  it("does not exist for several items, for none, or for an item without one", () => {
    expect(insurancePrice([{ insurancePrice: 1_490 }, { insurancePrice: 990 }])).toBeNull();
    expect(insurancePrice([])).toBeNull();
    expect(insurancePrice([{ insurancePrice: null }])).toBeNull();
  });
});

describe("repairChoices", () => {
  const one = [line()];
  const two = [line(), line({ uuid: "2" })];
  const fits = { lines: one, couponProblem: null, paymentMethods: allMethods };

  it("changes nothing when every choice fits", () => {
    const chosen = choices({ couponCode: "AUTUMN", insurance: true, deliveryMethod: "express", paymentMethod: "stripe", deliveryAddress: address() });
    const result = repairChoices(chosen, fits);
    expect(result).toEqual({ choices: chosen, repairs: [] });
    expect(result.choices).not.toBe(chosen);
  });

  it("removes a coupon with a problem, naming the problem", () => {
    for (const problem of ["COUPON::INVALID", "COUPON::EXPIRED", "COUPON::MIN_ORDER_VALUE", "COUPON::ALREADY_USED"] as const) {
      expect(repairChoices(choices({ couponCode: "AUTUMN" }), { ...fits, couponProblem: problem })).toEqual({
        choices: choices(),
        repairs: [problem],
      });
    }
  });

  it("reports no coupon problem when no coupon is chosen", () => {
    expect(repairChoices(choices(), { ...fits, couponProblem: "COUPON::INVALID" })).toEqual({ choices: choices(), repairs: [] });
  });

  it("drops a payment method that is no longer on offer", () => {
    expect(repairChoices(choices({ paymentMethod: "prepayment" }), { ...fits, paymentMethods: ["sandbox", "stripe"] })).toEqual({
      choices: choices(),
      repairs: ["INVALID_PAYMENT_METHOD"],
    });
  });

  it("turns express into standard for a Packstation or an address abroad", () => {
    for (const deliveryAddress of [packstation, address({ country: "AT" }), address({ country: "FR" })]) {
      expect(repairChoices(choices({ deliveryMethod: "express", deliveryAddress }), fits)).toEqual({
        choices: choices({ deliveryAddress }),
        repairs: ["DELIVERY_METHOD_VALIDATION_FAILED"],
      });
    }
  });

  it("keeps express while no address is chosen yet", () => {
    expect(repairChoices(choices({ deliveryMethod: "express" }), fits).repairs).toEqual([]);
  });

  it("drops insurance for two items", () => {
    expect(repairChoices(choices({ insurance: true }), { ...fits, lines: two })).toEqual({
      choices: choices(),
      repairs: ["MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE"],
    });
  });

  it("drops insurance for a Packstation or an uninsurable country, but not for Austria", () => {
    for (const deliveryAddress of [packstation, address({ country: "NL" })]) {
      expect(repairChoices(choices({ insurance: true, deliveryAddress }), fits)).toEqual({
        choices: choices({ deliveryAddress }),
        repairs: ["ADDRESS_DOES_NOT_ALLOW_INSURANCE"],
      });
    }
    expect(repairChoices(choices({ insurance: true, deliveryAddress: address({ country: "AT" }) }), fits).repairs).toEqual([]);
  });

  it("drops insurance silently when the item has no insurance price", () => {
    expect(repairChoices(choices({ insurance: true }), { ...fits, lines: [line({ insurancePrice: null })] })).toEqual({
      choices: choices(),
      repairs: [],
    });
  });

  it("names one repair for two items even when the address would not allow insurance either", () => {
    expect(repairChoices(choices({ insurance: true, deliveryAddress: packstation }), { ...fits, lines: two }).repairs).toEqual([
      "MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE",
    ]);
  });

  it("makes several repairs at once, in order: coupon, payment, delivery, insurance", () => {
    const chosen = choices({ couponCode: "AUTUMN", insurance: true, deliveryMethod: "express", paymentMethod: "stripe", deliveryAddress: packstation });
    expect(repairChoices(chosen, { lines: one, couponProblem: "COUPON::EXPIRED", paymentMethods: ["sandbox", "prepayment"] })).toEqual({
      choices: choices({ deliveryAddress: packstation }),
      repairs: ["COUPON::EXPIRED", "INVALID_PAYMENT_METHOD", "DELIVERY_METHOD_VALIDATION_FAILED", "ADDRESS_DOES_NOT_ALLOW_INSURANCE"],
    });
    const abroad = address({ country: "IT" });
    expect(
      repairChoices(choices({ couponCode: "AUTUMN", insurance: true, deliveryMethod: "express", deliveryAddress: abroad }), {
        lines: two,
        couponProblem: "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED",
        paymentMethods: allMethods,
      }),
    ).toEqual({
      choices: choices({ deliveryAddress: abroad }),
      repairs: ["COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED", "DELIVERY_METHOD_VALIDATION_FAILED", "MULTI_ITEM_ORDER_DOES_NOT_ALLOW_INSURANCE"],
    });
  });

  it("does not change the choices it is given", () => {
    const chosen = choices({ couponCode: "AUTUMN", paymentMethod: "stripe" });
    repairChoices(chosen, { ...fits, couponProblem: "COUPON::EXPIRED", paymentMethods: [] });
    expect(chosen).toEqual(choices({ couponCode: "AUTUMN", paymentMethod: "stripe" }));
  });
});

describe("insuranceAllowedFor", () => {
  it("allows home addresses in Germany and Austria only", () => {
    expect(insuranceAllowedFor({ packstation: false, country: "DE" })).toBe(true);
    expect(insuranceAllowedFor({ packstation: false, country: "AT" })).toBe(true);
    expect(insuranceAllowedFor({ packstation: false, country: "NL" })).toBe(false);
    expect(insuranceAllowedFor({ packstation: false, country: "ES" })).toBe(false);
    expect(insuranceAllowedFor({ packstation: true, country: "DE" })).toBe(false);
  });
});

describe("packstationProblem", () => {
  const standard = { insurance: false, deliveryMethod: "standard" } as const;

  it("has nothing against a home address", () => {
    expect(packstationProblem(address(), { insurance: true, deliveryMethod: "express" })).toBeNull();
    expect(packstationProblem(address({ country: "FR" }), standard)).toBeNull();
  });

  it("takes standard, uninsured parcels within Germany", () => {
    expect(packstationProblem(packstation, standard)).toBeNull();
  });

  it("refuses express, insurance and other countries", () => {
    expect(packstationProblem(packstation, { insurance: false, deliveryMethod: "express" })).toBe("PACKSTATION_NOT_ALLOWED");
    expect(packstationProblem(packstation, { insurance: true, deliveryMethod: "standard" })).toBe("PACKSTATION_NOT_ALLOWED");
    expect(packstationProblem({ ...packstation, country: "AT" }, standard)).toBe("PACKSTATION_NOT_ALLOWED");
  });
});

describe("availablePaymentMethods", () => {
  const both = { stripe: true, sandbox: true };
  const sandboxOnly = { stripe: false, sandbox: true };
  it("offers Stripe only when it is configured, and from 50 cents; the sandbox only when it is on", () => {
    expect(availablePaymentMethods(10_000, both)).toEqual(["sandbox", "prepayment", "stripe"]);
    expect(availablePaymentMethods(10_000, sandboxOnly)).toEqual(["sandbox", "prepayment"]);
    expect(availablePaymentMethods(49, both)).toEqual(["sandbox", "prepayment"]);
    expect(availablePaymentMethods(50, both)).toEqual(["sandbox", "prepayment", "stripe"]);
    expect(availablePaymentMethods(10_000, { stripe: true, sandbox: false })).toEqual(["prepayment", "stripe"]);
  });

  it("offers bank transfer up to the limit, the limit included", () => {
    expect(PREPAYMENT_MAX_TOTAL).toBe(500_000);
    expect(availablePaymentMethods(500_000, sandboxOnly)).toEqual(["sandbox", "prepayment"]);
    expect(availablePaymentMethods(500_001, sandboxOnly)).toEqual(["sandbox"]);
    expect(availablePaymentMethods(500_001, both)).toEqual(["sandbox", "stripe"]);
  });
});

describe("cartCookie", () => {
  it("is a secure __Host- cookie under HTTPS", () => {
    expect(cartCookie("reloop", "https://shop.example")).toEqual({
      name: "__Host-reloop-cart",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      maxAge: 30 * 24 * 60 * 60,
    });
  });

  it("is a plain cookie without the prefix under HTTP", () => {
    expect(cartCookie("reloop", "http://localhost:3000")).toMatchObject({ name: "reloop-cart", secure: false, path: "/", httpOnly: true });
  });
});
