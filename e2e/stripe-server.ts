/**
 * Stripe for the browser tests: the local stand-in of Stripe's API (src/test/stripe-stand-in.ts)
 * behind a fixed port the app is configured with (STRIPE_API_BASE), and the hosted checkout page a
 * customer pays on: its button completes the session, Stripe's signed `checkout.session.completed`
 * goes to the shop's webhook, and the browser returns to the session's success URL, as with Stripe.
 */
import { createServer, type IncomingMessage } from "node:http";
import { startStripeStandIn } from "../src/test/stripe-stand-in.ts";

const port = Number(process.env.STRIPE_PORT);
const own = `http://127.0.0.1:${port}`;
const standIn = await startStripeStandIn({
  secretKey: process.env.STRIPE_SECRET_KEY ?? "",
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "",
  webhookUrl: `${process.env.SHOP_URL}/api/payments/stripe/webhook`,
});

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "accept-encoding", "keep-alive"]);

createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? "/", own);
    if (url.pathname === "/health") return void response.writeHead(200).end("ok");
    const hosted = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
    if (hosted) {
      const session = standIn.session(hosted[1]!);
      if (!session) return void response.writeHead(404).end("No such session");
      if (request.method === "POST") {
        await standIn.pay(session.id);
        return void response.writeHead(303, { location: (session.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
      }
      const amount = (session.amount_total / 100).toFixed(2);
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in: checkout</title></head><body>
<main><h1>Pay ${amount} ${escape(session.currency.toUpperCase())}</h1><p>${escape(session.line_items.map((l) => l.name).join(", "))}</p>
<form method="post"><button type="submit">Pay</button></form><p><a href="${escape(session.cancel_url ?? "")}">Back to the shop</a></p></main></body></html>`;
      return void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    }
    // Stripe's API: the stand-in answers; its own address in an answer (a session's URL) becomes this one.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name, value]) => !HOP_BY_HOP.has(name) && typeof value === "string")) as Record<string, string>;
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await bodyOf(request);
    const answer = await fetch(`${standIn.url}${url.pathname}${url.search}`, { method: request.method ?? "GET", headers, ...(body ? { body } : {}) });
    const text = (await answer.text()).replaceAll(standIn.url, own);
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(text);
  } catch (error) {
    response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
  }
}).listen(port, "127.0.0.1", () => process.stdout.write(`Stripe stand-in on ${own}\n`));
