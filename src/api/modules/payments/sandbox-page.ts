import fastifyFormbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { resolveLocale, type Locale } from "../../../domain/i18n/locales.ts";
import { formatMoney } from "../../../domain/money.ts";
import { escapeXml } from "../../../media/product-image.ts";
import { INTERNAL_HEADER, INTERNAL_TOKEN } from "../../internal-calls.ts";
import { AppError } from "../../errors.ts";
import { SANDBOX_RESULTS, type SandboxResult } from "./providers.ts";
import { paymentRedirectPath, type PaymentService } from "./service.ts";

/*
 * The sandbox provider's hosted payment page: outside the shop's pages on purpose, as a real
 * provider's would be. Approve and decline notify the shop server to server (signed), then send
 * the customer back with the signed verdict; abandon only sends the customer back.
 */

const TEXTS: Record<Locale, { title: string; pay: string; approve: string; decline: string; abandon: string; note: string; done: string }> = {
  de: { title: "Sandbox-Zahlung", pay: "Bestellung {number} bezahlen", approve: "Zahlung bestätigen", decline: "Zahlung ablehnen", abandon: "Abbrechen und zurück zum Shop", note: "Testumgebung: Es wird kein Geld bewegt.", done: "Diese Zahlung ist abgeschlossen." },
  en: { title: "Sandbox payment", pay: "Pay for order {number}", approve: "Approve payment", decline: "Decline payment", abandon: "Cancel and return to the shop", note: "Test environment: no money moves.", done: "This payment is finished." },
  es: { title: "Pago de prueba", pay: "Pagar el pedido {number}", approve: "Aprobar el pago", decline: "Rechazar el pago", abandon: "Cancelar y volver a la tienda", note: "Entorno de prueba: no se mueve dinero.", done: "Este pago ha terminado." },
  fr: { title: "Paiement de test", pay: "Payer la commande {number}", approve: "Approuver le paiement", decline: "Refuser le paiement", abandon: "Annuler et revenir à la boutique", note: "Environnement de test : aucun argent n’est débité.", done: "Ce paiement est terminé." },
  it: { title: "Pagamento di prova", pay: "Paga l’ordine {number}", approve: "Approva il pagamento", decline: "Rifiuta il pagamento", abandon: "Annulla e torna al negozio", note: "Ambiente di prova: nessun addebito.", done: "Questo pagamento è concluso." },
  nl: { title: "Testbetaling", pay: "Bestelling {number} betalen", approve: "Betaling goedkeuren", decline: "Betaling weigeren", abandon: "Annuleren en terug naar de winkel", note: "Testomgeving: er wordt geen geld afgeschreven.", done: "Deze betaling is afgerond." },
};

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const params = z.object({ paymentUuid: z.uuid() });
const decision = z.object({ result: z.enum(SANDBOX_RESULTS as [SandboxResult, ...SandboxResult[]]) });

function page(locale: Locale, body: string): string {
  const t = TEXTS[locale];
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f1ea;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c1917}main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:calc(100% - 32px);box-shadow:0 10px 30px #0001}h1{font-size:20px;margin:0 0 4px}p{margin:8px 0}.amount{font-size:32px;font-weight:800;margin:16px 0}button{display:block;width:100%;padding:14px;border-radius:999px;border:0;font-size:16px;font-weight:600;margin-top:12px;cursor:pointer}.approve{background:#166534;color:#fff}.decline{background:#b91c1c;color:#fff}.abandon{background:#e7e5e4;color:#1c1917}.note{font-size:13px;color:#57534e}</style></head><body><main>${body}</main></body></html>`;
}

export async function registerSandboxPage(root: FastifyInstance, payments: PaymentService) {
  await root.register(async (app) => {
  await app.register(fastifyFormbody);
  app.get("/payment-sandbox/:paymentUuid", { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
    const { payment, order } = await payments.sandboxPayment(parsed.data.paymentUuid);
    const locale = resolveLocale(order.locale);
    const t = TEXTS[locale];
    const open = payment.status === "pending" && order.status === "pending_payment";
    const body = open
      ? `<h1>${t.title}</h1><p>${escapeXml(t.pay.replace("{number}", order.number))}</p><p class="amount" data-testid="sandbox-amount">${formatMoney(payment.amount, locale)}</p>
<form method="post"><button class="approve" name="result" value="approved">${t.approve}</button><button class="decline" name="result" value="declined">${t.decline}</button><button class="abandon" name="result" value="abandoned">${t.abandon}</button></form><p class="note">${t.note}</p>`
      : `<h1>${t.title}</h1><p>${t.done}</p>`;
    return reply.header("content-security-policy", PAGE_CSP).header("cache-control", "no-store").type("text/html; charset=utf-8").send(page(locale, body));
  });

  app.post("/payment-sandbox/:paymentUuid", { schema: { hide: true } }, async (request, reply) => {
    const parsedParams = params.safeParse(request.params);
    const parsedBody = decision.safeParse(request.body);
    if (!parsedParams.success) throw AppError.notFound("PAYMENT_NOT_FOUND", "There is no such payment.", "paymentUuid");
    if (!parsedBody.success) throw AppError.badRequest("INVALID_RESULT", "Choose approve, decline or abandon.", "result");
    const { paymentUuid } = parsedParams.data;
    const { result } = parsedBody.data;
    const { order } = await payments.sandboxPayment(paymentUuid);
    const signature = payments.signSandbox(paymentUuid, result);
    if (result !== "abandoned") {
      // The provider tells the shop first, server to server; the customer's return may come before or after it lands.
      await app.inject({
        method: "POST",
        url: "/api/payments/sandbox/notifications",
        headers: { "content-type": "application/json", [INTERNAL_HEADER]: INTERNAL_TOKEN },
        payload: JSON.stringify({ paymentUuid, result, signature }),
      });
    }
    const back = new URLSearchParams({ payment: paymentUuid, result, signature });
    return reply.redirect(`${paymentRedirectPath(order.uuid)}?${back}`, 303);
  });
  });
}
