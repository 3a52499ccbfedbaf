import { describe, expect, expectTypeOf, it } from "vitest";
import type { CartSetCouponError, ErrorCode, PlaceOrderError, SellCheckoutError } from "../../api/contract.ts";
import { ApiError, byCode, isApiError, type ApiErrorItem } from "./client.ts";

/**
 * The storefront compares an API error's code with the codes of the operation it called, as the
 * contract types them: a code that operation cannot answer, or one the API's catalogue does not
 * have (a typo, or a code renamed there), fails type-check. `npm run typecheck` checks the
 * `@ts-expect-error` lines below: each must be an error, or type-check fails.
 */
describe("the API's error codes, as the storefront compares them", () => {
  const refused = (code: string): unknown => new ApiError(400, [{ code: code as ErrorCode, message: "Refused", reference: "code" }]);

  it("lets a comparison through only with a code of the operation called", () => {
    const error = refused("COUPON::EXPIRED");
    if (!isApiError<CartSetCouponError>(error)) throw new Error("not an API error");
    expect(error.code === "COUPON::EXPIRED").toBe(true);
    // @ts-expect-error PAYOUT_CHANGED is the sell checkout's code, not the coupon's
    expect(error.code === "PAYOUT_CHANGED").toBe(false);
    // @ts-expect-error a code the catalogue does not have (mistyped, or renamed in it) is no operation's
    expect(error.code === "COUPON::EXPIRD").toBe(false);
    // @ts-expect-error the same for each item of the answer
    expect(error.errors.some((item) => item.code === "ORDER_TOTAL_CHANGED")).toBe(false);
  });

  it("keeps a table by code to the operation's codes", () => {
    const texts: Partial<Record<CartSetCouponError, string>> = {
      "COUPON::EXPIRED": "cart.coupon.errors.expired",
      // @ts-expect-error a key that is not one of the operation's codes
      "COUPON::EXPIRD": "cart.coupon.errors.expired",
    };
    const error = refused("COUPON::EXPIRED");
    expect(isApiError<CartSetCouponError>(error) && byCode(texts, error.code)).toBe("cart.coupon.errors.expired");
  });

  it("types each operation's union from its declaration, and the catalogue as the union of all codes", () => {
    expectTypeOf<"COUPON::EXPIRED">().toExtend<CartSetCouponError>();
    expectTypeOf<"ORDER_TOTAL_CHANGED">().toExtend<PlaceOrderError>();
    expectTypeOf<"ORDER_TOTAL_CHANGED">().not.toExtend<CartSetCouponError>();
    expectTypeOf<"PAYOUT_CHANGED" | "IBAN_NOT_SEPA" | "MinOrderThresholdUnfulfilledErrorDto">().toExtend<SellCheckoutError>();
    expectTypeOf<"TOO_MANY_REQUESTS" | "INTERNAL_ERROR">().toExtend<SellCheckoutError>();
    expectTypeOf<"COUPON::EXPIRD">().not.toExtend<ErrorCode>();
    expectTypeOf<ApiErrorItem<CartSetCouponError>["code"]>().toEqualTypeOf<CartSetCouponError>();
  });
});
