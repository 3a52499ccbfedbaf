import Stripe from "stripe";
import { AppError } from "../../errors.ts";
import type { PaymentProvider } from "./providers.ts";

/** What Stripe says of a payment; null while it has not decided. */
export type StripeVerdict = "approved" | "declined" | "abandoned" | null;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in); Stripe's own when absent. */
  apiBase?: string | undefined;
}

const MINUTE_MS = 60_000;

/**
 * Stripe wants a session to live at least 30 minutes. Rounded up to the next 5 minutes, so a
 * second start of the same payment soon after sends the same request under the same idempotency
 * key and gets the same session instead of a conflict.
 */
export function sessionExpiry(now: number): number {
  const step = 5 * MINUTE_MS;
  return Math.ceil((now + 31 * MINUTE_MS) / step) * (step / 1000);
}

function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

function sdkOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...base, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** Stripe's outages are not the customer's fault nor our bug; an unknown session is a 404; the rest is ours. */
function translated(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.statusCode === 404) return AppError.notFound("PAYMENT_NOT_FOUND", "Stripe knows no such checkout session.", "sessionId");
  if (error.type === "StripeConnectionError" || error.type === "StripeAPIError" || error.type === "StripeRateLimitError") {
    return new AppError(502, "PAYMENT_PROVIDER_UNAVAILABLE", "The payment provider did not answer. Try again in a moment.", "provider");
  }
  return error;
}

async function calling<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw translated(error);
  }
}

function verdictOf(session: Stripe.Checkout.Session): StripeVerdict {
  if (session.payment_status === "paid") return "approved";
  if (session.status === "expired") return "abandoned";
  return null;
}

/**
 * Stripe Checkout through the official SDK: a hosted session per payment, its verdict read back
 * from Stripe (never from the return URL) or from a webhook event whose signature the SDK checks.
 */
export function createStripeProvider(options: StripeOptions) {
  const stripe = new Stripe(options.secretKey, sdkOptions(options.apiBase));

  const retrieve = (sessionId: string) => calling(stripe.checkout.sessions.retrieve(sessionId));

  const start: PaymentProvider["start"] = async (request, urls) => {
    const session = await calling(
      stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: request.amount, product_data: { name: `Order ${request.orderNumber}` } } }],
          customer_email: request.email,
          client_reference_id: request.paymentUuid,
          metadata: { paymentUuid: request.paymentUuid, orderUuid: request.orderUuid },
          locale: request.locale,
          success_url: withQuery(urls.success, "session_id={CHECKOUT_SESSION_ID}"),
          cancel_url: withQuery(urls.cancel, new URLSearchParams({ payment: request.paymentUuid, result: "abandoned", provider: "stripe" }).toString()),
          // Stripe compares with its own clock, so the real time, not the shop's.
          expires_at: sessionExpiry(Date.now()),
        },
        { idempotencyKey: `checkout-${request.paymentUuid}` },
      ),
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { redirectUrl: session.url, externalRef: session.id };
  };

  /**
   * Money back for a paid session: its payment intent is refunded through Stripe's refunds API,
   * under our idempotency key, so a repeated request gives the same refund and never a second one.
   */
  const refund: PaymentProvider["refund"] = async (request) => {
    const session = await retrieve(request.externalRef);
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!intent || session.payment_status !== "paid") throw new AppError(409, "ORDER_NOT_PAID", "Stripe has taken no payment for this order.", "orderUuid");
    let created: Stripe.Refund;
    try {
      created = await stripe.refunds.create({ payment_intent: intent, amount: request.amount, metadata: { sessionId: session.id } }, { idempotencyKey: `refund-${request.idempotencyKey}` });
    } catch (error) {
      const outage = translated(error);
      if (outage instanceof AppError || !(error instanceof Stripe.errors.StripeError)) throw outage;
      throw new AppError(502, "REFUND_PROVIDER_REFUSED", `Stripe refused the refund: ${error.message}`, "provider");
    }
    if (created.status === "failed" || created.status === "canceled") throw new AppError(502, "REFUND_PROVIDER_REFUSED", `Stripe's refund ${created.id} ${created.status}.`, "provider");
    return { providerRef: created.id, status: created.status === "succeeded" ? "succeeded" : "pending" };
  };

  return {
    method: "stripe" as const,
    start,
    refund,

    /** Stripe's verdict on a session, asked of Stripe itself. */
    async verdictOfSession(sessionId: string): Promise<StripeVerdict> {
      return verdictOf(await retrieve(sessionId));
    },

    /**
     * Ends a session the customer gave up on, unless Stripe says it was paid (or a payment is
     * still under way): the verdict that stands afterwards.
     */
    async abandonSession(sessionId: string): Promise<StripeVerdict> {
      const session = await retrieve(sessionId);
      if (session.status !== "open") return verdictOf(session);
      try {
        return verdictOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Completed between our two calls: Stripe refuses to expire it, and its state is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return verdictOf(await retrieve(sessionId));
        throw translated(error);
      }
    },

    /** The session and verdict a webhook event carries; null for events that decide nothing. */
    eventFromWebhook(rawBody: Buffer, signatureHeader: string): { sessionId: string; result: StripeVerdict } | null {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw AppError.badRequest("PAYMENT_SIGNATURE_INVALID", "The event's signature does not match.", "stripe-signature");
        }
        throw error;
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          // Completed but unpaid: a delayed method (SEPA debit…) whose outcome comes as its own event.
          return { sessionId: event.data.object.id, result: event.data.object.payment_status === "paid" ? "approved" : null };
        case "checkout.session.async_payment_failed":
          return { sessionId: event.data.object.id, result: "declined" };
        case "checkout.session.expired":
          return { sessionId: event.data.object.id, result: "abandoned" };
        default:
          return null;
      }
    },
  };
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;
