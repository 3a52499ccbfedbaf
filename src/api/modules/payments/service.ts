import { AppError } from "../../errors.ts";
import type { OrderService } from "../orders/service.ts";
import type { PaymentProvider, SandboxProvider, SandboxResult } from "./providers.ts";

export const finishPath = (orderUuid: string) => `/checkout/order/index/id/${orderUuid}`;
export const paymentRedirectPath = (orderUuid: string) => `/checkout/${orderUuid}/handle-payment-redirect`;
export const paymentDetailsPath = (orderUuid: string) => `/checkout/${orderUuid}/handle-payment-details`;

export function createPaymentService(orders: OrderService, deps: { sandbox: SandboxProvider; providers: PaymentProvider[]; publicUrl: string }) {
  const providers = new Map<string, PaymentProvider>([[deps.sandbox.method, deps.sandbox], ...deps.providers.map((p) => [p.method, p] as const)]);

  async function paymentWithOrder(paymentUuid: string) {
    const payment = await orders.payment(paymentUuid);
    const order = payment && (await orders.order(payment.orderUuid));
    if (!payment || !order) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
    return { payment, order };
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
      if (payment.provider !== "sandbox") throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
      return { payment, order };
    },

    /** A signed sandbox verdict, from the notification or the customer's return: settles once, whichever comes first. */
    async sandboxVerdict(input: { paymentUuid: string; result: string; signature: string }, actor: string) {
      if (!deps.sandbox.verify(input.paymentUuid, input.result, input.signature)) {
        throw AppError.badRequest("PAYMENT_SIGNATURE_INVALID", "The payment result's signature does not match.", "signature");
      }
      const settled = await orders.settlePayment(input.paymentUuid, input.result as SandboxResult, actor);
      return { ...settled, result: input.result as SandboxResult };
    },

    signSandbox: (paymentUuid: string, result: SandboxResult) => deps.sandbox.sign(paymentUuid, result),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
