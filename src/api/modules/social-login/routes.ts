import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { REDIRECT_LOGIN_PROVIDERS, type SocialLoginProvider } from "../../../config.ts";
import { pendingActionToast, type PendingAction } from "../../../domain/accounts/pending-action.ts";
import { safeRedirectTarget } from "../../../domain/routing/redirects.ts";
import type { ErrorReport } from "../../../domain/protection/error-report.ts";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import type { AccountHooks } from "../accounts/routes.ts";
import { loginResultSchema } from "../accounts/schemas.ts";
import type { SignedIn } from "../accounts/service.ts";
import type { CustomerSessions } from "../accounts/sessions.ts";
import {
  callbackQuery,
  disconnectIdentityErrors,
  facebookLoginBody,
  facebookLoginErrors,
  identitiesErrors,
  identitiesSchema,
  identityParams,
  paypalLoginBody,
  paypalLoginErrors,
  paypalLoginStartErrors,
  popupStartSchema,
  providersSchema,
  signInRedirectErrors,
  startParams,
  startQuery,
} from "./schemas.ts";
import { SocialLoginError, type SocialLoginService } from "./service.ts";

/** Where a browser whose social login failed is sent: the login page shows loginComponent.error.api.default. */
export const SOCIAL_LOGIN_FAILED_TARGET = "/auth?error=social";
/** The storefront's flash cookie (src/web/shell/cookies.ts): translation keys shown once on the next page. */
const FLASH_COOKIE = "flashbag";

const notOffered = { 404: "this provider is not configured" };
const CALLBACKS: Record<(typeof REDIRECT_LOGIN_PROVIDERS)[number], { operationId: string; name: string }> = {
  google: { operationId: "api_sign_in_with_google", name: "Google" },
  apple: { operationId: "api_sign_in_with_apple", name: "Apple" },
};

export function registerSocialLoginRoutes(
  app: ApiInstance,
  service: SocialLoginService,
  options: {
    sessions: CustomerSessions;
    /** The logged-in customer; 401 NOT_AUTHENTICATED otherwise. */
    requireCustomer(request: FastifyRequest): Promise<{ uuid: string }>;
    hooks: Pick<AccountHooks, "afterSignIn" | "cartCookieName">;
    /** Google's and PayPal's failures go to error reporting as well as to the log. */
    reportFailure(report: ErrorReport): void;
    /** Runs an action that needed the login as the customer who just signed in. */
    runPendingAction(customerUuid: string, action: PendingAction): Promise<void>;
  },
): void {
  const { cookie } = options.sessions;

  /** Logged with its cause; the browser only learns that it did not work. */
  function failed(request: FastifyRequest, reply: FastifyReply, provider: SocialLoginProvider, err: unknown) {
    // An expected refusal is a warning; anything else is our bug or an outage.
    if (err instanceof SocialLoginError) request.log.warn({ err, code: err.code, provider }, `social login with ${provider} refused: ${err.code}`);
    else request.log.error({ err, provider }, `social login with ${provider} failed`);
    reportIfWatched(provider, err);
    return reply.redirect(SOCIAL_LOGIN_FAILED_TARGET, 303);
  }

  function reportIfWatched(provider: SocialLoginProvider, err: unknown) {
    if (provider === "apple") return;
    const code = err instanceof SocialLoginError ? err.code : "SOCIAL_LOGIN_FAILED";
    options.reportFailure({ kind: "server", message: `social login with ${provider} failed: ${code}`, ...(err instanceof Error && err.stack ? { stack: err.stack } : {}) });
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
    const { name: cookieName, ...attributes } = cookie;
    reply.setCookie(cookieName, signedIn.token, attributes);
    options.sessions.remember(request, signedIn.customer);
    await options.hooks.afterSignIn(request, signedIn.customer.uuid);
    if (request.cookies[options.hooks.cartCookieName]) reply.clearCookie(options.hooks.cartCookieName, { path: "/", secure: cookie.secure });
  }

  const context = (request: FastifyRequest) => ({ locale: request.locale, previousToken: request.cookies[cookie.name] });
  const loginResult = (signedIn: SignedIn, created: boolean, previousUrl: string | undefined) => ({
    user: { uuid: signedIn.customer.uuid, locale: signedIn.customer.locale },
    wasRegistered: created,
    previousUrl: previousUrl === undefined ? null : safeRedirectTarget(previousUrl, "") || null,
  });

  app.get(
    "/sign-in/providers",
    {
      schema: {
        operationId: "api_sign_in_providers",
        tags: ["accounts"],
        summary: "The social login providers this shop offers, with what the browser needs for Facebook's SDK when Facebook is one of them",
        response: { 200: providersSchema },
      },
    },
    async (request) => {
      const facebook = service.facebookBrowserSettings(request.locale);
      return { providers: [...service.configuredProviders(), ...(facebook ? (["facebook"] as const) : [])], ...(facebook ? { facebook } : {}) };
    },
  );

  app.get(
    "/sign-in/:provider/start",
    {
      schema: {
        operationId: "api_sign_in_start",
        tags: ["accounts"],
        summary:
          "Start a login at Google or Apple (OpenID Connect with PKCE): redirects to the provider, which sends the browser back to the provider's callback. The target (next) and the action that needed the login (then) are kept with the state. If the provider cannot be reached, redirects to /auth?error=social",
        params: startParams,
        querystring: startQuery,
        response: { 303: z.null(), ...errorResponsesOf(signInRedirectErrors, notOffered) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      service.assertConfigured(provider);
      try {
        return reply.redirect((await service.start(provider, request.query)).url, 303);
      } catch (err) {
        return failed(request, reply, provider, err);
      }
    },
  );

  for (const provider of REDIRECT_LOGIN_PROVIDERS) {
    const { operationId, name } = CALLBACKS[provider];
    app.get(
      `/sign-in/${provider}/callback`,
      {
        schema: {
          operationId,
          tags: ["accounts"],
          summary: `Where ${name} sends the browser back: signs in (linking or creating the account), sets the session cookie, runs the action that needed the login and redirects to the login's next target with a success message; any failure (unknown, used or expired state SOCIAL_LOGIN_STATE_INVALID, a refused code or token) redirects to /auth?error=social`,
          querystring: callbackQuery,
          response: { 303: z.null(), ...errorResponsesOf(signInRedirectErrors, notOffered) },
        },
      },
      async (request, reply) => {
        service.assertConfigured(provider);
        const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        try {
          const { signedIn, next, pending } = await service.complete(provider, search, context(request));
          await signIn(request, reply, signedIn);
          const flash: { success: string[]; danger?: string[] } = { success: ["user.flash.login.success"] };
          if (pending) {
            // The login counts even when the action does not: it is told as a toast.
            await options.runPendingAction(signedIn.customer.uuid, pending).then(
              () => flash.success.push(pendingActionToast(pending, true)),
              (err: unknown) => {
                request.log.warn({ err, provider }, "the action that needed the login failed");
                flash.danger = [pendingActionToast(pending, false)];
              },
            );
          }
          reply.setCookie(FLASH_COOKIE, JSON.stringify(flash), { path: "/", sameSite: "lax" });
          return reply.redirect(next, 303);
        } catch (err) {
          return failed(request, reply, provider, err);
        }
      },
    );
  }

  app.post(
    "/sign-in/paypal/start",
    {
      schema: {
        operationId: "api_sign_in_paypal_start",
        tags: ["accounts"],
        summary:
          "Start a login with PayPal in a popup (OpenID Connect with PKCE and nonce, scope openid profile email address): answers the provider's address for the popup and the state the browser keeps to compare with the callback's",
        response: { 200: popupStartSchema, ...errorResponsesOf(paypalLoginStartErrors, { ...notOffered, 502: "PayPal cannot be reached" }) },
      },
    },
    async (request) => {
      service.assertConfigured("paypal");
      const { url, state } = await service.start("paypal", {}).catch((err: unknown) => {
        request.log.error({ err }, "PayPal login could not start");
        reportIfWatched("paypal", err);
        throw new SocialLoginError("SOCIAL_LOGIN_UNAVAILABLE", "PayPal cannot be reached.", { status: 502 });
      });
      return { authorizationUrl: url, state };
    },
  );

  app.post(
    "/sign-in/paypal",
    {
      schema: {
        operationId: "api_sign_in_with_paypal",
        tags: ["accounts"],
        summary:
          "Complete a PayPal login with the code and state its callback page handed to the opener: the state is taken once, the code exchanged with the PKCE verifier and the ID token checked with the nonce; sets the session cookie",
        body: paypalLoginBody,
        response: {
          200: loginResultSchema,
          ...errorResponsesOf(paypalLoginErrors, {
            400: "an invalid body; SOCIAL_LOGIN_STATE_INVALID for an unknown, used or expired state",
            401: "the account it signs in to no longer exists",
            ...notOffered,
          }),
        },
      },
    },
    async (request, reply) => {
      service.assertConfigured("paypal");
      const { authorizationCode, state, iss, previousUrl } = request.body;
      const query = `?${new URLSearchParams({ code: authorizationCode, state, ...(iss ? { iss } : {}) })}`;
      const { signedIn, created } = await service.complete("paypal", query, context(request)).catch((err: unknown) => {
        if (err instanceof SocialLoginError) request.log.warn({ err, code: err.code }, `social login with paypal refused: ${err.code}`);
        else request.log.error({ err }, "social login with paypal failed");
        reportIfWatched("paypal", err);
        throw err;
      });
      await signIn(request, reply, signedIn);
      return loginResult(signedIn, created, previousUrl);
    },
  );

  app.post(
    "/customer/facebook-login",
    {
      schema: {
        operationId: "api_customer_facebook_login",
        tags: ["accounts"],
        summary:
          "Log in with a Facebook access token from Facebook's SDK: Facebook must confirm the token was issued to this shop's app and carries the e-mail permission, else 401 NOT_AUTHENTICATED ('not authenticated'); sets the session cookie",
        body: facebookLoginBody,
        response: {
          200: loginResultSchema,
          ...errorResponsesOf(facebookLoginErrors, { 401: "Facebook did not confirm the token or the e-mail permission", ...notOffered }),
        },
      },
    },
    async (request, reply) => {
      const { signedIn, created } = await service.facebookLogin(request.body.accessToken, context(request)).catch((err: unknown) => {
        request.log.warn({ err }, "facebook login refused");
        throw err;
      });
      await signIn(request, reply, signedIn);
      return loginResult(signedIn, created, request.body.previousUrl);
    },
  );

  app.get(
    "/customer/identities",
    {
      schema: {
        operationId: "api_customer_identities",
        tags: ["accounts"],
        summary: "The social logins connected to the logged-in customer's account",
        response: { 200: identitiesSchema, ...errorResponsesOf(identitiesErrors) },
      },
    },
    async (request) => ({ identities: await service.identities(await options.requireCustomer(request)) }),
  );

  app.delete(
    "/customer/identities/:provider/:subject",
    {
      schema: {
        operationId: "api_customer_identity_disconnect",
        tags: ["accounts"],
        summary:
          "Disconnect one of the logged-in customer's social logins; answers the remaining ones. 404 IDENTITY_NOT_FOUND for one that is not theirs, 409 LAST_LOGIN_METHOD when the account would keep no way to log in",
        params: identityParams,
        response: {
          200: identitiesSchema,
          ...errorResponsesOf(disconnectIdentityErrors),
        },
      },
    },
    async (request) => ({ identities: await service.disconnect(await options.requireCustomer(request), request.params.provider, request.params.subject) }),
  );
}
