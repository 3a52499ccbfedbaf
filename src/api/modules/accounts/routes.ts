import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { safeRedirectTarget } from "../../../domain/routing/redirects.ts";
import { AppError, errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import type { AddressBookService } from "./address-book-service.ts";
import { registerAddressBookRoutes } from "./address-book-routes.ts";
import { registerCredentialRoutes } from "./credential-routes.ts";
import type { AccountRouteKit, CustomerSessions } from "./sessions.ts";
import {
  customerUpdateErrors,
  loginBody,
  loginErrors,
  loginResultSchema,
  profileBody,
  profileSchema,
  registerBody,
  registerErrors,
  registrationResultSchema,
  updateLocaleBody,
  userMetaBody,
  userMetaErrors,
  userMetaSchema,
} from "./schemas.ts";
import { LoginThrottledError, type AccountService, type SignedIn } from "./service.ts";

/** What signing in means for the rest of the shop: the visitor's cart, the header's count. */
export interface AccountHooks {
  afterSignIn(request: FastifyRequest, customerUuid: string): Promise<void>;
  cartItemCount(request: FastifyRequest): Promise<number>;
  /** The sell cart's item ids, for the user meta view. */
  sellCartItemIds(request: FastifyRequest): Promise<string[]>;
  /** The logged-in customer's waiting buy alerts and wishlist size, for the header. */
  alertCounts(customerUuid: string): Promise<{ numberOfBuyAlerts: number; numberOfWishlistItems: number }>;
  /** Cleared at sign-in: the visitor's cart now belongs to the account. */
  cartCookieName: string;
}

export function registerAccountRoutes(
  app: ApiInstance,
  services: { accounts: AccountService; addressBook: AddressBookService },
  options: { sessions: CustomerSessions; hooks: AccountHooks; bounceSecret: string | undefined },
): void {
  const { accounts: service } = services;
  const { sessions, hooks } = options;
  const { cookie } = sessions;
  const kit: AccountRouteKit = {
    tokenOf: (request) => request.cookies[cookie.name],
    async signIn(request, reply, signedIn) {
      const { name, ...attributes } = cookie;
      reply.setCookie(name, signedIn.token, attributes);
      sessions.remember(request, signedIn.customer);
      await hooks.afterSignIn(request, signedIn.customer.uuid);
      if (request.cookies[hooks.cartCookieName]) reply.clearCookie(hooks.cartCookieName, { path: "/", secure: cookie.secure });
    },
    async requireCustomer(request) {
      const customer = await sessions.customerOf(request);
      if (!customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to do this.");
      return customer;
    },
  };
  const { tokenOf, signIn, requireCustomer } = kit;
  const previous = (url: string | undefined) => (url === undefined ? null : safeRedirectTarget(url, "") || null);

  app.post(
    "/customer/login",
    {
      schema: {
        operationId: "api_customer_login",
        tags: ["accounts"],
        summary: "Log in with e-mail and password; sets the session cookie. Accounts whose address is not confirmed yet log in too (user meta's emailVerified tells)",
        body: loginBody,
        response: {
          200: loginResultSchema,
          ...errorResponsesOf(loginErrors, {
            401: "unknown address or wrong password",
            429: "too many wrong passwords from this address for this account, or for this account from everywhere; Retry-After gives the seconds to wait",
          }),
        },
      },
    },
    async (request, reply) => {
      let signedIn: SignedIn;
      try {
        // request.ip is the client's address, taken from X-Forwarded-For only when TRUST_PROXY is set.
        signedIn = await service.login(request.body.credentials, request.ip, tokenOf(request));
      } catch (error) {
        if (error instanceof LoginThrottledError) reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      }
      await signIn(request, reply, signedIn);
      return { user: { uuid: signedIn.customer.uuid, locale: signedIn.customer.locale }, wasRegistered: false, previousUrl: previous(request.body.previousUrl) };
    },
  );

  app.post(
    "/customer/registrations",
    {
      schema: {
        operationId: "api_customer_register",
        tags: ["accounts"],
        summary:
          "Create an account with e-mail and password. Signs nobody in and answers alike for every address: a new account gets a confirmation link (api_customer_verify_email signs in), an address that has an account gets a notice to log in or reset the password",
        body: registerBody,
        response: { 202: registrationResultSchema, ...errorResponsesOf(registerErrors) },
      },
    },
    async (request, reply) => {
      const { email, password, locale } = request.body;
      await service.register({ email, password, locale: locale ?? request.locale });
      return reply.status(202).send({ status: "verification-sent" as const });
    },
  );

  app.post(
    "/customer/logout",
    {
      schema: { operationId: "api_customer_logout", tags: ["accounts"], summary: "End this browser's session", response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.logout(tokenOf(request));
      sessions.remember(request, null);
      return reply.clearCookie(cookie.name, { path: cookie.path, secure: cookie.secure }).status(204).send(null);
    },
  );

  app.post(
    "/user-meta",
    {
      schema: {
        operationId: "api_user_meta_view",
        tags: ["accounts"],
        summary: "Who is logged in (user is null for visitors), optionally with the sell cart",
        body: userMetaBody,
        response: { 200: userMetaSchema, ...errorResponsesOf(userMetaErrors) },
      },
    },
    // A page render asks it once per visitor (src/ssr/inject-transport.ts), though the shell and an account page's login check both need it.
    async (request) => {
      const [user, badges] = await Promise.all([sessions.customerOf(request), sessions.badgesOf(request)]);
      // A customer's counts come with the session's statement; a visitor's cart is counted by its cookie.
      const alertCounts = badges ? { numberOfBuyAlerts: badges.buyAlerts, numberOfWishlistItems: badges.wishlistItems } : user && hooks.alertCounts(user.uuid);
      const [itemCount, greenCart, counts] = await Promise.all([
        badges?.cartItems ?? hooks.cartItemCount(request),
        request.body?.withCart ? hooks.sellCartItemIds(request).then((ids) => ({ items: ids.map((id) => ({ id })) })) : null,
        alertCounts ?? { numberOfBuyAlerts: null, numberOfWishlistItems: null },
      ]);
      return { user, cart: { itemCount }, greenCart, ...counts };
    },
  );

  app.put(
    "/customer/locale",
    {
      schema: {
        operationId: "api_customer_update_locale",
        tags: ["accounts"],
        summary: "Store the logged-in customer's language (mails and the storefront after login)",
        body: updateLocaleBody,
        response: { 200: z.object({ locale: updateLocaleBody.shape.locale }), ...errorResponsesOf(customerUpdateErrors) },
      },
    },
    async (request) => {
      const customer = await service.updateLocale(await requireCustomer(request), request.body.locale);
      return { locale: customer.locale };
    },
  );

  app.put(
    "/customer/profile",
    {
      schema: {
        operationId: "api_customer_update_profile",
        tags: ["accounts"],
        summary: "Store the logged-in customer's name; both fields are replaced (null or absent clears one)",
        body: profileBody,
        response: { 200: profileSchema, ...errorResponsesOf(customerUpdateErrors) },
      },
    },
    async (request) => service.updateProfile(await requireCustomer(request), request.body),
  );

  registerCredentialRoutes(app, service, kit, options.bounceSecret);
  registerAddressBookRoutes(app, services.addressBook, kit);
}
