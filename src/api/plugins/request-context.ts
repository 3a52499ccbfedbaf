import type { FastifyInstance } from "fastify";
import { languageCookieName, resolveLocale, type Locale } from "../../domain/i18n/locales.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Language from the language cookie, else the default. */
    locale: Locale;
  }
}

/** Language of the request, the build id header and the request id header on every response. */
export function registerRequestContext(app: FastifyInstance, options: { productName: string; version: string }): void {
  const cookie = languageCookieName(options.productName);
  app.decorateRequest("locale", "de");
  app.addHook("onRequest", async (request, reply) => {
    request.locale = resolveLocale(request.cookies[cookie]);
    reply.header("x-request-id", request.id);
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/")) reply.header("x-version", options.version);
  });
}
