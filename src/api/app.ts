import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { Redis } from "ioredis";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { AppError } from "./errors.ts";
import { openApiOptions } from "./openapi.ts";
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerRequestContext } from "./plugins/request-context.ts";
import { registerMetricsRoute, registerRequestObservation, requestLoggerOptions } from "./plugins/observability.ts";
import { registerSameOriginCheck } from "./plugins/same-origin.ts";
import { registerSecureCookies } from "./plugins/secure-cookies.ts";
import { docsCsp, registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerHealthRoutes } from "./modules/health/routes.ts";
import { createShopFiguresRepository } from "./modules/health/figures-repository.ts";
import { observeShop } from "../metrics.ts";
import { createServices } from "./services.ts";
import type { MemorySearchIndex } from "../search/memory-index.ts";
import { registerNavigationRoutes } from "./modules/navigation/routes.ts";
import { registerSearchRoutes } from "./modules/search/routes.ts";
import { registerProductRoutes } from "./modules/products/routes.ts";
import { registerMediaRoutes } from "./modules/media/routes.ts";
import { registerAnnouncementRoutes } from "./modules/announcements/routes.ts";
import { registerSeoRoutes } from "./modules/seo/routes.ts";
import { registerRecommendationRoutes } from "./modules/recommendations/routes.ts";
import { registerReviewRoutes } from "./modules/reviews/routes.ts";
import { registerLandingPageRoutes } from "./modules/landing-pages/routes.ts";
import { registerSitemapRoutes } from "./modules/sitemap/routes.ts";
import { registerContentRoutes, registerFeedRoutes } from "./modules/content/routes.ts";
import { BLOG_TITLE } from "../domain/content/content.ts";
import { createErrorReporter, registerErrorReportRoutes } from "./modules/error-reports/routes.ts";
import { registerRateLimit, registerVerificationRoutes } from "./modules/verification/routes.ts";
import { createVerificationService, spentChallengeStore } from "./modules/verification/service.ts";
import { registerNewsletterRoutes } from "./modules/newsletter/routes.ts";
import { registerAccountRoutes, type AccountHooks } from "./modules/accounts/routes.ts";
import { registerSocialLoginRoutes } from "./modules/social-login/routes.ts";
import { registerAccountMailJobs } from "./modules/accounts/account-mails.ts";
import { createCustomerSessions, registerEmailDeliveryHeader } from "./modules/accounts/sessions.ts";
import { registerStaffGuard, registerStaffRoutes } from "./modules/staff/routes.ts";
import { sessionCookie } from "../domain/accounts/accounts.ts";
import { registerOfferRoutes } from "./modules/selling/offer-routes.ts";
import { cartCookie } from "../domain/checkout/cart-rules.ts";
import { registerCartRoutes, type CartOwnerOf } from "./modules/cart/routes.ts";
import { registerOrderRoutes } from "./modules/orders/routes.ts";
import { registerRefundRoutes } from "./modules/orders/refund-routes.ts";
import { registerFulfilmentRoutes } from "./modules/orders/fulfilment-routes.ts";
import { createOrderJobs, registerOrderJobHandlers } from "./modules/orders/order-jobs.ts";
import { registerPaymentRoutes } from "./modules/payments/routes.ts";
import { registerSandboxPage } from "./modules/payments/sandbox-page.ts";
import { registerSellCartRoutes } from "./modules/selling/sell-cart-routes.ts";
import { registerSaleRoutes } from "./modules/selling/sale-routes.ts";
import { registerSaleOpsRoutes } from "./modules/selling/sale-ops-routes.ts";
import { registerCouponRoutes } from "./modules/coupons/routes.ts";
import { registerPricingRoutes } from "./modules/pricing/routes.ts";
import { registerUnitRoutes } from "./modules/units/routes.ts";
import { registerDashboardRoutes } from "./modules/dashboard/routes.ts";
import { createReturnJobs, registerReturnJobHandlers } from "./modules/returns/return-jobs.ts";
import { registerReturnRoutes } from "./modules/returns/routes.ts";
import { registerClaimPhotoRoutes } from "./modules/returns/photo-routes.ts";
import { registerSupportRoutes } from "./modules/support/routes.ts";
import { registerCatalogueOpsRoutes } from "./modules/products/ops-routes.ts";
import { registerSalePhotoRoutes } from "./modules/selling/sale-photo-routes.ts";
import { registerPayoutRoutes } from "./modules/selling/payout-routes.ts";
import { registerBankTransferRoutes } from "./modules/bank-transfers/routes.ts";
import { registerReportRoutes } from "./modules/reports/routes.ts";
import { createSaleJobs, registerSaleJobHandlers } from "./modules/selling/sale-jobs.ts";
import { registerAlertRoutes } from "./modules/alerts/routes.ts";
import { createAlertJobs, registerAlertJobHandlers } from "./modules/alerts/alert-jobs.ts";

/** How long a client may take to send its headers, and its whole request. */
const SLOW_CLIENT_MS = { headers: 5_000, request: 15_000 };

export interface AppOptions {
  config: Config;
  database: Database;
  /** Build id sent as X-Version. */
  version: string;
  logger?: FastifyServerOptions["logger"];
  /** A logger made by createLogger (request ids on every line); takes the place of `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Shared by all instances: rate-limit counters and spent verification challenges. Without it they are counted in this process. */
  redis?: { client: Redis; keyPrefix: string };
  /** True once the process is shutting down: /readyz answers 503 so load balancers stop sending. */
  stopping?: () => boolean;
  /** Registers the storefront on the root instance (SSR); absent in API tests. */
  web?: (app: FastifyInstance, limitRequests: (scope: FastifyInstance) => void) => Promise<void>;
  clock?: () => Date;
  /** Outgoing mail; default: SMTP or the mail folder, as configured. Tests pass their own. */
  mailer?: Mailer;
  /** The durable job queue: mails and payment deadlines run on it. Without it nothing follows an order and account mails go at once (API tests). */
  jobs?: JobQueue;
  /** Receives the search index, to warm it (the server, benchmarks: big catalogues are then searched in memory) or to wait for its refreshes (tests). */
  searchIndex?: (index: MemorySearchIndex) => void;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance, ...requestLoggerOptions } : { logger: options.logger ?? false }),
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: options.config.TRUST_PROXY,
    // A client that trickles its headers or body is cut off in seconds, not after Node's defaults.
    http: { headersTimeout: SLOW_CLIENT_MS.headers, connectionsCheckingInterval: 1_000 },
    requestTimeout: SLOW_CLIENT_MS.request,
    // Errors met before routing, and requests Node's parser refuses, answer in the one error shape too.
    frameworkErrors: frameworkErrorHandler(options.version),
    clientErrorHandler: clientErrorHandler(options.version),
    // While shutting down, requests already on an open connection are still served (their connection then closes), not refused.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestObservation(app);
  const stopping = options.stopping;
  app.addHook("onSend", (request, reply, payload, done) => {
    // While shutting down, each answer closes its connection, so clients and load balancers open new ones elsewhere.
    if (stopping?.()) reply.header("connection", "close");
    else if (reply.statusCode === 413) keepReadingRefusedBody(request.raw, reply);
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  registerSecureCookies(app, options.config.PUBLIC_URL);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  registerRequestContext(app, { productName: options.config.PRODUCT_NAME, version: options.version });
  const session = sessionCookie(options.config.PRODUCT_NAME, options.config.PUBLIC_URL);
  registerSecurityHeaders(app);

  await app.register(fastifySwagger, openApiOptions({ version: options.version, publicUrl: options.config.PUBLIC_URL, sessionCookieName: session.name }));
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true, transformStaticCSP: docsCsp });

  const reportError = createErrorReporter({
    collectorUrl: options.config.ERROR_REPORT_URL,
    log: (report) => app.log.error({ report }, `${report.kind} error reported`),
  });
  registerErrorHandler(app, (report) => void reportError(report));
  registerSameOriginCheck(app);
  const verification = {
    maxPerMinute: options.config.RATE_LIMIT_PER_MINUTE,
    cookieName: `${options.config.PRODUCT_NAME}-verified`,
    redis: options.redis,
    service: createVerificationService({
      secret: options.config.COOKIE_SECRET,
      spentChallenges: spentChallengeStore(options.redis),
      clock: options.clock ?? (() => new Date()),
      difficulty: options.config.VERIFICATION_DIFFICULTY,
    }),
  };
  const limitRequests = await registerRateLimit(app, verification);
  const mailer = options.mailer ?? createMailer(options.config);
  const orderJobs = options.jobs && createOrderJobs(options.jobs, { log: (msg, err) => app.log.error({ err }, msg) });
  const services = createServices(options.database.db, {
    version: options.version,
    config: options.config,
    mailer,
    log: (msg, err) => app.log.error({ err }, msg),
    onChange: (listener) => void options.database.onChange(listener),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(orderJobs ? { orderJobs } : {}),
    ...(options.jobs ? { jobs: options.jobs, saleJobs: createSaleJobs(options.jobs), alertJobs: createAlertJobs(options.jobs), returnJobs: createReturnJobs(options.jobs) } : {}),
  });
  options.searchIndex?.(services.search.index);
  app.addHook("onClose", async () => services.search.index.close());
  if (options.jobs) {
    await registerOrderJobHandlers(options.jobs, services, services.mailDelivery, options.config, options.clock ? { clock: options.clock } : {});
    registerAccountMailJobs(options.jobs, services.accountMails);
    await registerSaleJobHandlers(options.jobs, services.sales, services.mailDelivery, options.config, options.clock ? { clock: options.clock } : {});
    await registerAlertJobHandlers(options.jobs, services.alertJobSource, services.mailDelivery, options.config, options.clock ? { clock: options.clock } : {});
    await registerReturnJobHandlers(options.jobs, services.returnRepository, services.mailDelivery, options.config);
  }
  const sessions = createCustomerSessions(services.accounts, session);
  const cart = cartCookie(options.config.PRODUCT_NAME, options.config.PUBLIC_URL);
  // Whose cart a request reads: the session's customer when logged in, else the cart cookie's visitor.
  const ownerOf: CartOwnerOf = async (request) => {
    const customer = await sessions.customerOf(request);
    return { customer: customer && { uuid: customer.uuid, email: customer.email }, cartToken: request.cookies[cart.name] };
  };
  const accountHooks: AccountHooks = {
    // A visitor's cart joins the account's at login, so nothing picked before is lost.
    afterSignIn: (request, customerUuid) => services.cart.adoptVisitorCart(request.cookies[cart.name], customerUuid),
    cartItemCount: async (request) => services.cart.itemCount(await ownerOf(request)),
    sellCartItemIds: async (request) => services.sellCart.itemIds(await ownerOf(request)),
    alertCounts: async (customerUuid) => {
      const counts = await services.alerts.counts({ uuid: customerUuid });
      return { numberOfBuyAlerts: counts.buyAlerts, numberOfWishlistItems: counts.wishlistItems };
    },
    cartCookieName: cart.name,
  };
  registerHealthRoutes(app, services.health, options.stopping ?? (() => false));
  registerMetricsRoute(app, options.config.METRICS_TOKEN);
  observeShop(createShopFiguresRepository(options.database.db));
  registerMediaRoutes(app, services.media);
  registerSitemapRoutes(app, services.sitemap);
  await app.register(async (scope) => {
    limitRequests(scope);
    registerFeedRoutes(scope.withTypeProvider<ZodTypeProvider>(), services.content, { publicUrl: options.config.PUBLIC_URL, productName: options.config.PRODUCT_NAME, title: (l) => BLOG_TITLE[l] });
  });

  await app.register(async (api) => registerVerificationRoutes(api.withTypeProvider<ZodTypeProvider>(), verification), { prefix: "/api" });
  await app.register(
    async (api) => {
      limitRequests(api);
      registerEmailDeliveryHeader(api, sessions);
      // The operations API does not exist for anyone but staff, and staff need their second factor: checked before the body is, so its shape stays private too.
      registerStaffGuard(api, services.staff, sessions);
      const typed = api.withTypeProvider<ZodTypeProvider>();
      registerErrorReportRoutes(typed, reportError);
      registerNavigationRoutes(typed, services.navigation);
      registerSearchRoutes(typed, services.search);
      registerProductRoutes(typed, { products: services.products, list: services.productList, rankings: services.productRankings });
      registerAnnouncementRoutes(typed, services.announcements);
      registerSeoRoutes(typed, services.seo);
      registerLandingPageRoutes(typed, services.landingPages);
      registerContentRoutes(typed, services.content);
      registerReviewRoutes(typed, services.reviews, { customerOf: (request) => sessions.customerOf(request) });
      registerRecommendationRoutes(typed, services.recommendations);
      registerNewsletterRoutes(typed, services.newsletter, { customerOf: (request) => sessions.customerOf(request) });
      registerOfferRoutes(typed, services.offers);
      registerAccountRoutes(
        typed,
        { accounts: services.accounts, addressBook: services.addressBook },
        {
          sessions,
          hooks: accountHooks,
          bounceSecret: options.config.MAIL_BOUNCE_SECRET,
        },
      );
      registerSocialLoginRoutes(typed, services.socialLogin, {
        sessions,
        hooks: accountHooks,
        reportFailure: (report) => void reportError(report),
        requireCustomer: async (request) => {
          const customer = await sessions.customerOf(request);
          if (!customer) throw new AppError(401, "NOT_AUTHENTICATED", "Log in to do this.", "session");
          return customer;
        },
        runPendingAction: async (customerUuid, action) => {
          if (action.kind === "wish") await services.alerts.wish({ uuid: customerUuid }, action.productId);
          else await services.alerts.putAlert({ uuid: customerUuid }, action.productId, { variants: action.variants, searchUuid: null });
        },
      });
      registerCartRoutes(typed, services.cart, { ownerOf, cookie: cart });
      registerOrderRoutes(typed, services.orders, { ownerOf });
      registerRefundRoutes(typed, services.refunds, { ownerOf });
      registerFulfilmentRoutes(typed, services.fulfilment, { orders: services.orders, publicUrl: options.config.PUBLIC_URL, carrierSecret: options.config.CARRIER_EVENTS_SECRET });
      registerSellCartRoutes(typed, services.sellCart, { ownerOf, cookie: cart, sales: services.sales });
      registerAlertRoutes(typed, services.alerts, { customerOf: (request) => sessions.customerOf(request) });
      registerSaleRoutes(typed, services.sales, { ownerOf });
      registerStaffRoutes(typed, services.staff, { sessions });
      registerSaleOpsRoutes(typed, services.saleOps);
      registerCouponRoutes(typed, services.coupons);
      registerPricingRoutes(typed, services.pricing);
      registerUnitRoutes(typed, services.units);
      registerDashboardRoutes(typed, services.dashboard);
      registerReturnRoutes(typed, { returns: services.returns, ops: services.returnOps }, { ownerOf });
      registerSupportRoutes(typed, services.support);
      registerSalePhotoRoutes(api, services.salePhotos);
      registerCatalogueOpsRoutes(api, services.catalogueOps);
      registerClaimPhotoRoutes(api, services.returns, { ownerOf });
      registerPayoutRoutes(typed, services.payouts);
      registerBankTransferRoutes(api, services.bankTransfers);
      registerReportRoutes(typed, services.reports);
      registerPaymentRoutes(typed, services.payments, {
        // Whoever may see the order (its customer, or the guest's browser) may act for its payment.
        mayActFor: async (request, orderUuid) => services.orders.view(await ownerOf(request), orderUuid).then(() => true, () => false),
      });
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      // Answers unknown API paths here, before the storefront's catch-all can.
      api.all("/*", { schema: { hide: true } }, async (request) => {
        throw AppError.notFound("ROUTE_NOT_FOUND", `No API operation ${request.method} ${request.url.split("?")[0]}`);
      });
    },
    { prefix: "/api" },
  );

  await app.register(async (scope) => {
    limitRequests(scope);
    await registerSandboxPage(scope, services.payments);
  });
  if (options.web) await options.web(app, limitRequests);
  return app;
}

/** A refused body up to this size is read to its end and dropped; a larger one closes the connection. */
const REFUSED_BODY_READ_LIMIT = 8 * 1024 * 1024;

/**
 * Fastify answers a body past its limit at once and closes the connection, while the client is
 * still sending: the kernel then resets the connection, and a client that writes before it reads
 * (most HTTP clients) sees a broken pipe instead of the 413. A body of a declared, bounded size is
 * read to its end and dropped instead, so the client finishes sending and reads the answer; the
 * connection stays usable.
 */
function keepReadingRefusedBody(raw: FastifyRequest["raw"], reply: FastifyReply): void {
  const declared = Number(raw.headers["content-length"]);
  if (!Number.isFinite(declared) || declared > REFUSED_BODY_READ_LIMIT || raw.complete) return;
  reply.removeHeader("connection");
  raw.resume();
}
