import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionCookie } from "../../../domain/accounts/accounts.ts";
import { oncePerPageRender } from "../../internal-calls.ts";
import type { Customer } from "./schemas.ts";
import type { CustomerBadges } from "./repository.ts";
import type { AccountService, SignedIn } from "./service.ts";

/** The 401 of every operation that needs a logged-in customer (declared in errors.ts, beside the other error answers). */
export { unauthorized } from "../../errors.ts";
/** The operations API: it exists for staff only, and answers 404 to anyone else before validating. */
export const STAFF_API_PREFIX = "/api/ops/";
/** On every API answer to a signed-in customer whose address bounced for good. */
export const EMAIL_DELIVERY_HEADER = "x-email-delivery-impossible";

/** Who a request's session cookie belongs to, looked up once per request however many modules ask. */
export interface CustomerSessions {
  cookie: SessionCookie;
  customerOf(request: FastifyRequest): Promise<Customer | null>;
  /** The header's badges, read with the session: null without one, or when the request signed in itself (not read then). */
  badgesOf(request: FastifyRequest): Promise<CustomerBadges | null>;
  /** The request's customer is now this one (it signed in or out). */
  remember(request: FastifyRequest, customer: Customer | null): void;
}

type Session = { customer: Customer; badges: CustomerBadges | null } | null;

export function createCustomerSessions(service: AccountService, cookie: SessionCookie): CustomerSessions {
  const known = new WeakMap<FastifyRequest, Promise<Session>>();
  const sessionOf = (request: FastifyRequest): Promise<Session> => {
    let session = known.get(request);
    if (!session) {
      const token = request.cookies[cookie.name];
      // A page's several in-process calls with one session look it up once.
      session = token ? oncePerPageRender(`session:${token}`, () => service.sessionOfToken(token)) : Promise.resolve(null);
      known.set(request, session);
      // A failed lookup is asked again by the next caller rather than remembered.
      session.catch(() => known.delete(request));
    }
    return session;
  };
  return {
    cookie,
    customerOf: async (request) => (await sessionOf(request))?.customer ?? null,
    badgesOf: async (request) => (await sessionOf(request))?.badges ?? null,
    remember(request, customer) {
      known.set(request, Promise.resolve(customer && { customer, badges: null }));
    },
  };
}

/**
 * Marks every API answer to a customer whose address bounced, so the storefront can ask for a
 * new one. The flag comes with the session lookup, so a request that looked its customer up
 * costs nothing more; one that did not (a product page) looks up only when it has a session.
 */
export function registerEmailDeliveryHeader(app: FastifyInstance, sessions: CustomerSessions): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.cookies[sessions.cookie.name]) return payload;
    try {
      const customer = await sessions.customerOf(request);
      if (customer && !customer.emailDeliverable) reply.header(EMAIL_DELIVERY_HEADER, "1");
    } catch (err) {
      request.log.warn({ err }, "the session's customer could not be looked up for the delivery header");
    }
    return payload;
  });
}

/** What the account's route files share: the session cookie's token, signing in, and requiring a customer. */
export interface AccountRouteKit {
  tokenOf(request: FastifyRequest): string | undefined;
  signIn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<void>;
  requireCustomer(request: FastifyRequest): Promise<Customer>;
}
