import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentMethod } from "../../../domain/checkout/cart-rules.ts";

/** What a provider needs to take a payment. */
export interface PaymentRequest {
  paymentUuid: string;
  orderUuid: string;
  orderNumber: string;
  amount: number;
  email: string;
  locale: string;
}

/** Where the provider sends the customer back to. */
export interface ReturnUrls {
  /** After approval (and for providers that decide later). */
  success: string;
  /** After the customer gave up. */
  cancel: string;
}

/** One way to pay: starting a payment sends the customer to the provider's hosted page. */
export interface PaymentProvider {
  method: Exclude<PaymentMethod, "prepayment">;
  start(request: PaymentRequest, urls: ReturnUrls): Promise<{ redirectUrl: string; externalRef: string }>;
}

export type SandboxResult = "approved" | "declined" | "abandoned";
export const SANDBOX_RESULTS: readonly SandboxResult[] = ["approved", "declined", "abandoned"];

/**
 * The built-in sandbox provider: a hosted payment page of its own (sandbox-page.ts) where the
 * customer approves, declines or abandons; its verdicts are signed with a key derived from the
 * app's secret, so neither the return URL nor the notification can be forged by a customer.
 */
export function createSandboxProvider(secret: string): PaymentProvider & {
  sign(paymentUuid: string, result: SandboxResult): string;
  verify(paymentUuid: string, result: string, signature: string): result is SandboxResult;
} {
  const key = createHmac("sha256", secret).update("payment-sandbox").digest();
  const sign = (paymentUuid: string, result: string) => createHmac("sha256", key).update(`${paymentUuid}:${result}`).digest("base64url");
  return {
    method: "sandbox",
    async start(request) {
      return { redirectUrl: `/payment-sandbox/${request.paymentUuid}`, externalRef: `sbx_${request.paymentUuid}` };
    },
    sign,
    verify(paymentUuid, result, signature): result is SandboxResult {
      if (!SANDBOX_RESULTS.includes(result as SandboxResult)) return false;
      const expected = Buffer.from(sign(paymentUuid, result));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
