import { AppError } from "../../errors.ts";
import type { OrderService } from "../orders/service.ts";
import type { PaymentProvider, SandboxProvider, SandboxResult } from "./providers.ts";
import type { PaymentReturn } from "./schemas.ts";
import type { StripeProvider, StripeVerdict } from "./stripe-provider.ts";

export const finishPath = (orderUuid: string) => `/checkout/order/index/id/${orderUuid}`;
export const paymentRedirectPath = (orderUuid: string) => `/checkout/${orderUuid}/handle-payment-redirect`;
export const paymentDetailsPath = (orderUuid: string) => `/checkout/${orderUuid}/handle-payment-details`;

export function createPaymentService(
  orders: OrderService,
  deps: {
    /** Absent when PAYMENT_SANDBOX is off (a live shop): its page and verdicts then answer 404. */
    sandbox?: SandboxProvider | undefined;
    /** Absent unless configured. */
    stripe?: StripeProvider | undefined;
    providers: PaymentProvider[];
    publicUrl: string;
  },
) {
  const { stripe, sandbox } = deps;
  const providers = new Map<string, PaymentProvider>([
    ...(sandbox ? [[sandbox.method, sandbox] as const] : []),
    ...(stripe ? [[stripe.method, stripe] as const] : []),
    ...deps.providers.map((p) => [p.method, p] as const),
  ]);

  async function paymentWithOrder(paymentUuid: string) {
    const payment = await orders.payment(paymentUuid);
    const order = payment && (await orders.order(payment.orderUuid));
    if (!payment || !order) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
    return { payment, order };
  }

  function requireStripe(): StripeProvider {
    if (!stripe) throw AppError.notFound("PAYMENT_PROVIDER_NOT_CONFIGURED", "Stripe is not configured in this shop.", "provider");
    return stripe;
  }

  /** Applies a decided verdict (once: a settled order stays as it is) and answers the order's status. */
  async function settle(paymentUuid: string, verdict: StripeVerdict, actor: string): Promise<PaymentReturn> {
    if (verdict) {
      const settled = await orders.settlePayment(paymentUuid, verdict, actor);
      return { orderUuid: settled.orderUuid, status: settled.status, result: verdict };
    }
    const { order } = await paymentWithOrder(paymentUuid);
    return { orderUuid: order.uuid, status: order.status, result: "pending" };
  }

  return {
    /**
     * Where the customer goes to pay: the provider's page, made once per payment (a reload or a
     * second tab gets the same one). A settled order goes to its finish page or back to the cart.
     */
    async start(paymentUuid: string): Promise<string> {
      const { payment, order } = await paymentWithOrder(paymentUuid);
      if (order.status === "paid") return finishPath(order.uuid);
      if (order.status !== "pending_payment" || payment.status !== "pending") return "/checkout/cart";
      if (payment.redirectUrl) return payment.redirectUrl;
      const provider = providers.get(payment.provider);
      if (!provider) throw new AppError(409, "INVALID_PAYMENT_METHOD", "This payment method is not available any more.", "paymentMethod");
      const absolute = (path: string) => new URL(path, deps.publicUrl).href;
      const started = await provider.start(
        { paymentUuid, orderUuid: order.uuid, orderNumber: order.number, amount: payment.amount, email: order.email, locale: order.locale },
        { success: absolute(paymentDetailsPath(order.uuid)), cancel: absolute(paymentRedirectPath(order.uuid)) },
      );
      await orders.setPaymentRedirect(paymentUuid, started.externalRef, started.redirectUrl);
      return started.redirectUrl;
    },

    /** The sandbox's hosted page shows what is being paid. */
    async sandboxPayment(paymentUuid: string) {
      const { payment, order } = await paymentWithOrder(paymentUuid);
      if (payment.provider !== "sandbox" || !sandbox) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
      return { payment, order };
    },

    /** A signed sandbox verdict, from the notification or the customer's return: settles once, whichever comes first. */
    async sandboxVerdict(input: { paymentUuid: string; result: string; signature: string }, actor: string) {
      if (!sandbox) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
      if (!sandbox.verify(input.paymentUuid, input.result, input.signature)) {
        throw AppError.badRequest("PAYMENT_SIGNATURE_INVALID", "The payment result's signature does not match.", "signature");
      }
      const settled = await orders.settlePayment(input.paymentUuid, input.result as SandboxResult, actor);
      return { ...settled, result: input.result as SandboxResult };
    },

    signSandbox: (paymentUuid: string, result: SandboxResult) => sandbox!.sign(paymentUuid, result),

    /** The customer is back from Stripe's page: the verdict is asked of Stripe, never taken from the URL. */
    async stripeReturn(sessionId: string): Promise<PaymentReturn> {
      const provider = requireStripe();
      const payment = await orders.paymentByExternalRef("stripe", sessionId);
      if (!payment) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "sessionId");
      return settle(payment.uuid, await provider.verdictOfSession(sessionId), "customer");
    },

    /**
     * The customer gave up on Stripe's page. The link back carries no signature, so Stripe decides:
     * only a session it has not been paid on is ended, and a paid one settles as paid.
     */
    /**
     * The customer gave up at Stripe. Only the order's own customer (or the guest's browser) may say
     * so: the link carries no signature, and a stranger's request answers as if there were no payment.
     */
    async stripeAbandon(paymentUuid: string, mayActFor: (orderUuid: string) => Promise<boolean>): Promise<PaymentReturn> {
      const provider = requireStripe();
      const { payment, order } = await paymentWithOrder(paymentUuid);
      if (payment.provider !== "stripe" || !(await mayActFor(order.uuid))) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
      // Never sent to Stripe: nothing there can have been paid.
      const verdict = payment.externalRef ? await provider.abandonSession(payment.externalRef) : "abandoned";
      return settle(paymentUuid, verdict, "customer");
    },

    /** A webhook event, signature checked by the SDK; events for sessions we do not know are acknowledged and ignored. */
    async stripeWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<void> {
      const provider = requireStripe();
      if (!signatureHeader) throw AppError.badRequest("PAYMENT_SIGNATURE_INVALID", "The event carries no signature.", "stripe-signature");
      const event = provider.eventFromWebhook(rawBody, signatureHeader);
      if (!event?.result) return;
      const payment = await orders.paymentByExternalRef("stripe", event.sessionId);
      if (payment) await orders.settlePayment(payment.uuid, event.result, "payment-provider");
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
