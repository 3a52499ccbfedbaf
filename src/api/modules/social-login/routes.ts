import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SocialLoginProvider } from "../../../config.ts";
import { errorBodySchema, errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import type { AccountHooks } from "../accounts/routes.ts";
import type { CustomerSessions } from "../accounts/sessions.ts";
import { callbackQuery, providersSchema, startParams, startQuery } from "./schemas.ts";
import { SocialLoginError, type SocialLoginService } from "./service.ts";

/** Where a browser whose social login failed is sent: the login page shows loginComponent.error.api.default. */
export const SOCIAL_LOGIN_FAILED_TARGET = "/auth?error=social";
/** The storefront's flash cookie (src/web/shell/cookies.ts): translation keys shown once on the next page. */
const FLASH_COOKIE = "flashbag";
const LOGIN_SUCCESS_FLASH = JSON.stringify({ success: ["user.flash.login.success"] });

const notOffered = errorBodySchema.describe("SOCIAL_LOGIN_PROVIDER_UNKNOWN: this provider is not configured");
const CALLBACKS: Record<SocialLoginProvider, { operationId: string; name: string }> = {
  google: { operationId: "api_sign_in_with_google", name: "Google" },
  apple: { operationId: "api_sign_in_with_apple", name: "Apple" },
};

export function registerSocialLoginRoutes(
  app: ApiInstance,
  service: SocialLoginService,
  options: { sessions: CustomerSessions; hooks: Pick<AccountHooks, "afterSignIn" | "cartCookieName"> },
): void {
  const { cookie } = options.sessions;

  /** Logged with its cause; the browser only learns that it did not work. */
  function failed(request: FastifyRequest, reply: FastifyReply, provider: SocialLoginProvider, err: unknown) {
    // An expected refusal is a warning; anything else is our bug or an outage.
    if (err instanceof SocialLoginError) request.log.warn({ err, code: err.code, provider }, `social login with ${provider} refused: ${err.code}`);
    else request.log.error({ err, provider }, `social login with ${provider} failed`);
    return reply.redirect(SOCIAL_LOGIN_FAILED_TARGET, 303);
  }

  app.get(
    "/sign-in/providers",
    {
      schema: {
        operationId: "api_sign_in_providers",
        tags: ["accounts"],
        summary: "The social login providers this shop offers",
        response: { 200: providersSchema },
      },
    },
    async () => ({ providers: service.configuredProviders() }),
  );

  app.get(
    "/sign-in/:provider/start",
    {
      schema: {
        operationId: "api_sign_in_start",
        tags: ["accounts"],
        summary:
          "Start a login at Google or Apple (OpenID Connect with PKCE): redirects to the provider, which sends the browser back to the provider's callback. If the provider cannot be reached, redirects to /auth?error=social",
        params: startParams,
        querystring: startQuery,
        response: { 303: z.null(), 400: errorResponses[400], 404: notOffered },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      service.assertConfigured(provider);
      try {
        return reply.redirect(await service.start(provider, request.query.next), 303);
      } catch (err) {
        return failed(request, reply, provider, err);
      }
    },
  );

  for (const provider of Object.keys(CALLBACKS) as SocialLoginProvider[]) {
    const { operationId, name } = CALLBACKS[provider];
    app.get(
      `/sign-in/${provider}/callback`,
      {
        schema: {
          operationId,
          tags: ["accounts"],
          summary: `Where ${name} sends the browser back: signs in (linking or creating the account), sets the session cookie and redirects to the login's next target with a success message; any failure (unknown, used or expired state SOCIAL_LOGIN_STATE_INVALID, a refused code or token) redirects to /auth?error=social`,
          querystring: callbackQuery,
          response: { 303: z.null(), 400: errorResponses[400], 404: notOffered },
        },
      },
      async (request, reply) => {
        service.assertConfigured(provider);
        const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        try {
          const { signedIn, next } = await service.complete(provider, search, { locale: request.locale, previousToken: request.cookies[cookie.name] });
          const { name: cookieName, ...attributes } = cookie;
          reply.setCookie(cookieName, signedIn.token, attributes);
          options.sessions.remember(request, signedIn.customer);
          await options.hooks.afterSignIn(request, signedIn.customer.uuid);
          if (request.cookies[options.hooks.cartCookieName]) reply.clearCookie(options.hooks.cartCookieName, { path: "/", secure: cookie.secure });
          reply.setCookie(FLASH_COOKIE, LOGIN_SUCCESS_FLASH, { path: "/", sameSite: "lax" });
          return reply.redirect(next, 303);
        } catch (err) {
          return failed(request, reply, provider, err);
        }
      },
    );
  }
}
