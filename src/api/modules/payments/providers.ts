import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentMethod } from "../../../domain/checkout/cart-rules.ts";
import { AppError } from "../../errors.ts";

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

/** Money back for a payment the provider took: `externalRef` is the payment's reference with the provider. */
export interface RefundRequest {
  externalRef: string;
  amount: number;
  /** The same key sends the same refund once, however often it is asked. */
  idempotencyKey: string;
}

/** The provider's refund: its reference, and whether the money is on its way already or still pending with the provider. */
export interface RefundResult {
  providerRef: string;
  status: "succeeded" | "pending";
}

/** One way to pay: starting a payment sends the customer to the provider's hosted page; a refund gives money back through it. */
export interface PaymentProvider {
  method: Exclude<PaymentMethod, "prepayment">;
  start(request: PaymentRequest, urls: ReturnUrls): Promise<{ redirectUrl: string; externalRef: string }>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** Refunds through whichever provider took the payment; a provider the shop does not have (any more) answers 409. */
export function createRefunder(providers: readonly (PaymentProvider | undefined)[]) {
  const byMethod = new Map(providers.filter((p) => p !== undefined).map((p) => [p.method as PaymentMethod, p]));
  return {
    async refund(method: PaymentMethod, request: RefundRequest): Promise<RefundResult> {
      const provider = byMethod.get(method);
      if (!provider) throw new AppError(409, "PAYMENT_PROVIDER_NOT_CONFIGURED", "The payment provider of this order is not configured in this shop: refund it by hand.", "provider");
      return provider.refund(request);
    },
  };
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
  /** The refunds it was asked for, by idempotency key. */
  refunds: ReadonlyMap<string, RefundRequest & { providerRef: string }>;
} {
  const key = createHmac("sha256", secret).update("payment-sandbox").digest();
  const sign = (paymentUuid: string, result: string) => createHmac("sha256", key).update(`${paymentUuid}:${result}`).digest("base64url");
  const refunds = new Map<string, RefundRequest & { providerRef: string }>();
  return {
    method: "sandbox",
    async start(request) {
      return { redirectUrl: `/payment-sandbox/${request.paymentUuid}`, externalRef: `sbx_${request.paymentUuid}` };
    },
    refunds,
    /** Records the refund; the same key answers the same reference, derived from it so a restart keeps it. */
    async refund(request) {
      const earlier = refunds.get(request.idempotencyKey);
      if (earlier && (earlier.amount !== request.amount || earlier.externalRef !== request.externalRef)) {
        throw new AppError(409, "IDEMPOTENCY_KEY_REUSED", "This refund's key was used for another refund.", "Idempotency-Key");
      }
      const providerRef = `sbr_${createHmac("sha256", key).update(`refund:${request.idempotencyKey}`).digest("hex").slice(0, 24)}`;
      refunds.set(request.idempotencyKey, { ...request, providerRef });
      return { providerRef, status: "succeeded" };
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
