/** An API refusal as the back-office's forms read it. */
export type ApiRefusal = { code: string | undefined; status: number; errors: readonly { code: string; reference: string }[] };

/**
 * The refusals every decision that may send money back shares (a return's, a claim's): the second
 * factor, the role, the order's refund bound and the payment provider; null for the operation's own.
 */
export function moneyDecisionProblem(error: ApiRefusal): "secondFactor" | "notAllowed" | "refundRefused" | "providerFailed" | null {
  switch (error.code) {
    case "SECOND_FACTOR_REQUIRED":
      return "secondFactor";
    case "ROLE_REQUIRED":
      return "notAllowed";
    case "ORDER_NOT_PAID":
    case "REFUND_EXCEEDS_PAID":
      return "refundRefused";
    case "PAYMENT_PROVIDER_NOT_CONFIGURED":
    case "PAYMENT_PROVIDER_UNAVAILABLE":
    case "REFUND_PROVIDER_REFUSED":
      return "providerFailed";
  }
  return null;
}

/** A refusal no case of the form knows: the provider's trouble (5xx), else a plain failure. */
export const otherProblem = (error: ApiRefusal) => (error.status >= 500 ? "providerFailed" : "failed");
