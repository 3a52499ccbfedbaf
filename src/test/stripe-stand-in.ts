import { createHash, randomBytes } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import Stripe from "stripe";

/*
 * A local stand-in for the part of Stripe's API the shop calls through the official SDK: checkout
 * sessions (create, retrieve, expire) and refunds of their payments, Idempotency-Key included. Tests steer it (pay, signed
 * events) where a customer and Stripe's servers would act.
 */

export interface StandInSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  /** Set when the customer paid. */
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  locale: string | null;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  /** What the SDK sent, decoded, for tests to inspect. */
  line_items: { name: string; unit_amount: number; currency: string; quantity: number }[];
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded" | "failed";
  metadata: Record<string, string>;
  created: number;
}

/** An event as Stripe would POST it: the exact body and its `Stripe-Signature` header. */
export interface SignedEvent {
  payload: string;
  header: string;
}

export interface StripeStandIn {
  /** Base URL for STRIPE_API_BASE. */
  url: string;
  session(id: string): StandInSession | undefined;
  sessions(): StandInSession[];
  /** Idempotency keys the SDK sent with creations, in order. */
  idempotencyKeys: string[];
  /** The refunds made, oldest first. */
  refunds(): StandInRefund[];
  /** Makes the next refund requests fail as Stripe does when the card network refuses (a 402 card_error). */
  refuseRefunds(refuse: boolean): void;
  /** The customer pays: the session completes, and a signed `checkout.session.completed` goes to the webhook URL when one is set. */
  pay(sessionId: string): Promise<SignedEvent>;
  /** A signed event about a session as it is now; another secret makes a forgery. */
  event(type: string, sessionId: string, secret?: string): SignedEvent;
  close(): Promise<void>;
}

type Form = { [key: string]: string | Form | Form[] | string[] };

/** The SDK's form encoding (`line_items[0][price_data][currency]=eur`) back into objects. */
export function decodeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const str = (value: unknown): string | null => (typeof value === "string" ? value : null);
const id = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

function stripeError(reply: FastifyReply, status: number, message: string, extra: Record<string, string> = {}) {
  return reply.status(status).send({ error: { type: "invalid_request_error", message, ...extra } });
}

export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string; webhookUrl?: string }): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const idempotent = new Map<string, { hash: string; answer: unknown }>();
  const idempotencyKeys: string[] = [];
  const refunds = new Map<string, StandInRefund>();
  let refusingRefunds = false;
  const app = Fastify();
  let base = "";

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => done(null, decodeForm(body as string)));
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/v1/") && request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(reply, 401, "Invalid API Key provided.");
    }
  });

  /**
   * A creation under Stripe's Idempotency-Key: the same key and parameters answer the first
   * (successful) answer again, other parameters are refused.
   */
  function idempotently(create: (form: Form, reply: FastifyReply) => unknown) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const form = (request.body ?? {}) as Form;
      const key = str(request.headers["idempotency-key"]);
      const hash = createHash("sha256").update(JSON.stringify(form)).digest("hex");
      const scoped = `${request.url}:${key}`;
      if (key) {
        idempotencyKeys.push(key);
        const earlier = idempotent.get(scoped);
        if (earlier && earlier.hash !== hash) {
          return stripeError(reply, 400, "Keys for idempotent requests can only be used with the same parameters they were first used with.", { type: "idempotency_error" });
        }
        if (earlier) return earlier.answer;
      }
      const answer = await create(form, reply);
      if (key && reply.statusCode < 400) idempotent.set(scoped, { hash, answer });
      return answer;
    };
  }

  app.post(
    "/v1/checkout/sessions",
    idempotently((form, reply) => {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Number(form.expires_at ?? now + 86_400);
    if (!(expiresAt >= now + 30 * 60 && expiresAt <= now + 86_400)) {
      return stripeError(reply, 400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", { param: "expires_at" });
    }
    const lines = ((form.line_items ?? []) as Form[]).map((line) => {
      const price = (line.price_data ?? {}) as Form;
      return { name: str((price.product_data as Form | undefined)?.name) ?? "", unit_amount: Number(price.unit_amount), currency: str(price.currency) ?? "", quantity: Number(line.quantity ?? 1) };
    });
    if (form.mode !== "payment" || lines.length === 0 || lines.some((l) => !Number.isInteger(l.unit_amount) || l.unit_amount < 1)) {
      return stripeError(reply, 400, "A payment session needs line items with a positive unit_amount.", { param: "line_items" });
    }
    const sessionId = id("cs_test_");
    const session: StandInSession = {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
      currency: lines[0]!.currency,
      customer_email: str(form.customer_email),
      client_reference_id: str(form.client_reference_id),
      metadata: (form.metadata ?? {}) as Record<string, string>,
      locale: str(form.locale),
      success_url: str(form.success_url),
      cancel_url: str(form.cancel_url),
      expires_at: expiresAt,
      created: now,
      livemode: false,
      url: `${base}/pay/${sessionId}`,
      line_items: lines,
    };
    sessions.set(sessionId, session);
    return session;
  }),
  );

  app.get("/v1/checkout/sessions/:id", async (request, reply) => {
    const session = sessions.get((request.params as { id: string }).id);
    return session ?? stripeError(reply, 404, `No such checkout.session: '${(request.params as { id: string }).id}'`, { code: "resource_missing" });
  });

  app.post("/v1/checkout/sessions/:id/expire", async (request, reply) => {
    const session = sessions.get((request.params as { id: string }).id);
    if (!session) return stripeError(reply, 404, "No such checkout.session", { code: "resource_missing" });
    if (session.status !== "open") return stripeError(reply, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
    session.status = "expired";
    session.url = null;
    return session;
  });

  // A payment intent's refund: never more than is left of what was paid.
  app.post(
    "/v1/refunds",
    idempotently((form, reply) => {
    const intent = str(form.payment_intent);
    const session = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === intent);
    if (!session) return stripeError(reply, 404, `No such payment_intent: '${intent}'`, { code: "resource_missing", param: "payment_intent" });
    if (refusingRefunds) return reply.status(402).send({ error: { type: "card_error", code: "refund_declined", message: "The refund was declined." } });
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent && r.status === "succeeded").reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? session.amount_total - refunded : Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > session.amount_total - refunded) {
      return stripeError(reply, 400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`, { code: "amount_too_large", param: "amount" });
    }
    const refund: StandInRefund = { id: id("re_"), object: "refund", amount, currency: session.currency, payment_intent: intent!, status: "succeeded", metadata: (form.metadata ?? {}) as Record<string, string>, created: Math.floor(Date.now() / 1000) };
    refunds.set(refund.id, refund);
    return refund;
  }),
  );

  // Where session.url points: the hosted page a browser would show.
  app.get("/pay/:id", async (request, reply) => {
    const session = sessions.get((request.params as { id: string }).id);
    if (!session) return reply.status(404).send("No such session");
    return reply.type("text/html").send(`<!doctype html><title>Stripe stand-in</title><p>Pay ${session.amount_total} ${session.currency}</p>`);
  });

  base = await app.listen({ host: "127.0.0.1", port: 0 });

  function event(type: string, sessionId: string, secret = options.webhookSecret): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No stand-in session ${sessionId}`);
    const payload = JSON.stringify({
      id: id("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: session },
    });
    return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  return {
    url: base,
    session: (sessionId) => sessions.get(sessionId),
    sessions: () => [...sessions.values()],
    idempotencyKeys,
    refunds: () => [...refunds.values()],
    refuseRefunds: (refuse) => {
      refusingRefunds = refuse;
    },
    event,
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`Stand-in session ${sessionId} is not open`);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: id("pi_"), url: null });
      const signed = event("checkout.session.completed", sessionId);
      if (options.webhookUrl) {
        await fetch(options.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signed.header }, body: signed.payload });
      }
      return signed;
    },
    close: () => app.close(),
  };
}
