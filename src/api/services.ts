import type { Config } from "../config.ts";
import { ANY_TABLE, type Db } from "../db/client.ts";
import { cacheInvalidations } from "../metrics.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import { markingUndeliverable } from "../mail/undeliverable.ts";
import { recordingSentMails } from "../mail/sent-log.ts";
import { recordSentMail } from "../db/sent-mails.ts";
import { createReturnRepository } from "./modules/returns/repository.ts";
import { createReturnService, type ReturnJobs } from "./modules/returns/service.ts";
import { createReturnOpsService } from "./modules/returns/ops-service.ts";
import { createSupportRepository } from "./modules/support/repository.ts";
import { createSupportService } from "./modules/support/service.ts";
import { createAnnouncementRepository } from "./modules/announcements/repository.ts";
import { createAnnouncementService } from "./modules/announcements/service.ts";
import { createNavigationRepository } from "./modules/navigation/repository.ts";
import { createNavigationService } from "./modules/navigation/service.ts";
import { createProductRepository } from "./modules/products/repository.ts";
import { createProductService } from "./modules/products/service.ts";
import { createProductListRepository } from "./modules/products/list-repository.ts";
import { createProductListService } from "./modules/products/list-service.ts";
import { createPostgresLexicon, createPostgresSearchIndex } from "../search/postgres-index.ts";
import { createSearchRepository } from "./modules/search/repository.ts";
import { createMemorySearchIndex } from "../search/memory-index.ts";
import { createSearchSnapshotRepository } from "../search/snapshot-repository.ts";
import { createSearchService } from "./modules/search/service.ts";
import { createRankingRepository } from "./modules/products/ranking-repository.ts";
import { createRankingService } from "./modules/products/ranking-service.ts";
import { createReviewRepository } from "./modules/reviews/repository.ts";
import { createReviewService } from "./modules/reviews/service.ts";
import { createOfferRepository } from "./modules/selling/offer-repository.ts";
import { createOfferService } from "./modules/selling/offer-service.ts";
import { createNewsletterRepository } from "./modules/newsletter/repository.ts";
import { createNewsletterService } from "./modules/newsletter/service.ts";
import { createAccountRepository } from "./modules/accounts/repository.ts";
import { createAccountService } from "./modules/accounts/service.ts";
import { accountMailDispatch, createAccountMailHandler } from "./modules/accounts/account-mails.ts";
import { createAddressBookRepository } from "./modules/accounts/address-book-repository.ts";
import { createAddressBookService } from "./modules/accounts/address-book-service.ts";
import { createSocialLoginRepository } from "./modules/social-login/repository.ts";
import { createSocialLoginService } from "./modules/social-login/service.ts";
import { createEventForwarder } from "./modules/recommendations/forwarder.ts";
import { createRecommendationRepository } from "./modules/recommendations/repository.ts";
import { createRecommendationService } from "./modules/recommendations/service.ts";
import { createContentRepository } from "./modules/content/repository.ts";
import { createContentService } from "./modules/content/service.ts";
import { createSeoRepository } from "./modules/seo/repository.ts";
import { createSeoService } from "./modules/seo/service.ts";
import { createLandingPageRepository } from "./modules/landing-pages/repository.ts";
import { createLandingPageService } from "./modules/landing-pages/service.ts";
import { createSitemapRepository } from "./modules/sitemap/repository.ts";
import { createSitemapService } from "./modules/sitemap/service.ts";
import { createHealthRepository } from "./modules/health/repository.ts";
import { createHealthService } from "./modules/health/service.ts";
import { createMediaService } from "./modules/media/service.ts";
import { createCartRepository } from "./modules/cart/repository.ts";
import { createCartService } from "./modules/cart/service.ts";
import { createOrderRepository } from "./modules/orders/repository.ts";
import { createOrderService, type OrderJobs } from "./modules/orders/service.ts";
import { createRefunder, createSandboxProvider } from "./modules/payments/providers.ts";
import { createRefundService } from "./modules/orders/refund-service.ts";
import { createPaymentService } from "./modules/payments/service.ts";
import { createStripeProvider } from "./modules/payments/stripe-provider.ts";
import { createSellCartRepository } from "./modules/selling/sell-cart-repository.ts";
import { createSellCartService } from "./modules/selling/sell-cart-service.ts";
import { createSaleRepository } from "./modules/selling/sale-repository.ts";
import { createSaleService } from "./modules/selling/sale-service.ts";
import { createSaleSteps, type SaleJobs } from "./modules/selling/sale-steps.ts";
import { createSaleOpsService } from "./modules/selling/sale-ops-service.ts";
import { createCouponRepository } from "./modules/coupons/repository.ts";
import { createFulfilmentService, type FulfilmentJobs } from "./modules/orders/fulfilment-service.ts";
import { createUnitRepository } from "./modules/units/repository.ts";
import { createUnitService } from "./modules/units/service.ts";
import { createDashboardRepository } from "./modules/dashboard/repository.ts";
import { createDashboardService } from "./modules/dashboard/service.ts";
import { createCouponService } from "./modules/coupons/service.ts";
import { createPricingRepository } from "./modules/pricing/repository.ts";
import { createPriceRuleService } from "./modules/pricing/service.ts";
import { createProductPriceService } from "./modules/pricing/product-price-service.ts";
import { createSalePhotoService } from "./modules/selling/sale-photo-service.ts";
import { createPayoutService } from "./modules/selling/payout-service.ts";
import { createBankTransferRepository } from "./modules/bank-transfers/repository.ts";
import { createBankTransferService } from "./modules/bank-transfers/service.ts";
import { createAlertRepository } from "./modules/alerts/repository.ts";
import { createAlertService, type AlertJobs } from "./modules/alerts/service.ts";
import { createStaffRepository } from "./modules/staff/repository.ts";
import { createStaffService } from "./modules/staff/service.ts";
import { createReportRepository } from "./modules/reports/repository.ts";
import { createReportService } from "./modules/reports/service.ts";
import { createProductOpsRepository } from "./modules/products/ops-repository.ts";
import { createProductOpsService } from "./modules/products/ops-service.ts";
import { createPictureOpsService } from "./modules/products/picture-ops-service.ts";
import { createCategoryOpsRepository } from "./modules/products/category-ops-repository.ts";
import { createCategoryOpsService } from "./modules/products/category-ops-service.ts";

interface ServiceDeps {
  config: Config;
  /** Build id, reported by the health checks. */
  version: string;
  mailer: Mailer;
  clock?: () => Date;
  /** Follow-up work of orders (mails, payment timeouts); absent where nothing follows (API tests). */
  orderJobs?: OrderJobs & FulfilmentJobs;
  /** The sweep that mails back-in-stock and price-drop alerts; absent in API tests without jobs. */
  alertJobs?: AlertJobs;
  /** Mails of returns and warranty claims; absent where nothing follows (API tests). */
  returnJobs?: ReturnJobs;
  /** Follow-up mails of sales; absent where nothing follows (API tests). */
  saleJobs?: SaleJobs;
  /** The durable job queue account mails go through; without it they are sent at once (API tests). */
  jobs?: JobQueue;
  log?: (msg: string, err: unknown) => void;
  /** Committed changes of cached tables, from every instance (Database.onChange). */
  onChange?: (listener: (table: string) => void) => void;
}

/** Which tables each cache is made of: a change to one of them drops the cache on every instance. */
const CACHED_TABLES = {
  category_tree: ["categories", "category_translations"],
  product_list: ["products", "product_variants", "product_media", "product_facet_groups", "coupons", "categories", "category_translations"],
  product_rankings: ["products", "product_variants"],
  product_view: ["products", "product_variants", "product_media", "coupons", "categories", "category_translations"],
  recommendations: ["products", "product_variants", "product_media"],
} as const;

/** Wires repositories into services once per process. */
export function createServices(db: Db, deps: ServiceDeps) {
  const clock = deps.clock ?? (() => new Date());
  const productRepository = createProductRepository(db);
  const productListRepository = createProductListRepository(db);
  const log = deps.log ?? ((msg: string, err: unknown) => console.error(msg, err));
  const lexicon = createPostgresLexicon(db);
  const searchIndex = createMemorySearchIndex(
    { snapshots: createSearchSnapshotRepository(db), postgres: createPostgresSearchIndex(db, productListRepository, lexicon), lexicon, lists: productListRepository, log },
    { minProducts: deps.config.SEARCH_MEMORY_FROM },
  );
  const navigation = createNavigationService(createNavigationRepository(db));
  const { STRIPE_SECRET_KEY: stripeKey, STRIPE_WEBHOOK_SECRET: stripeWebhookSecret } = deps.config;
  // loadConfig refuses a key without its webhook secret, so both or neither.
  const stripe = stripeKey && stripeWebhookSecret ? createStripeProvider({ secretKey: stripeKey, webhookSecret: stripeWebhookSecret, apiBase: deps.config.STRIPE_API_BASE }) : undefined;
  const cart = createCartService(createCartRepository(db), { clock, payments: { stripe: Boolean(stripe), sandbox: deps.config.PAYMENT_SANDBOX } });
  const orderRepository = createOrderRepository(db);
  const orders = createOrderService(orderRepository, cart, {
    clock,
    paymentTimeoutMinutes: deps.config.PAYMENT_TIMEOUT_MINUTES,
    accessSecret: deps.config.COOKIE_SECRET,
    ...(deps.orderJobs ? { jobs: deps.orderJobs } : {}),
  });
  const sandbox = deps.config.PAYMENT_SANDBOX ? createSandboxProvider(deps.config.COOKIE_SECRET) : undefined;
  const refunds = createRefundService(orderRepository, { refunder: createRefunder([sandbox, stripe]), clock, jobs: deps.orderJobs, visibleOrder: orders.visibleOrder });
  const accountRepository = createAccountRepository(db);
  // What every mail job sends with: an address the receiving server refuses for good is marked, not retried.
  // Each mail delivered is logged (to whom, about what) for support's view of the customer.
  const mailDelivery = markingUndeliverable(
    recordingSentMails(deps.mailer, (to, subject) => recordSentMail(db, to, subject), log),
    (email) => accounts.markEmailUndeliverable(email),
  );
  const accountMails = createAccountMailHandler(accountRepository, { config: deps.config, mailer: mailDelivery, clock });
  const accounts = createAccountService(accountRepository, { clock, mails: accountMailDispatch(accountMails, deps.jobs, log) });
  const offers = createOfferService(createOfferRepository(db), { clock });
  const newsletter = createNewsletterService(createNewsletterRepository(db), { config: deps.config, mailer: mailDelivery, clock });
  const sellCart = createSellCartService(createSellCartRepository(db), cart, offers, { clock });
  const saleRepository = createSaleRepository(db);
  const saleSteps = createSaleSteps({ jobs: deps.saleJobs, log });
  const saleOps = createSaleOpsService(saleRepository, saleSteps, { clock });
  const sales = createSaleService(saleRepository, {
    carts: cart,
    sellCart,
    clock,
    log,
    ...(deps.saleJobs ? { jobs: deps.saleJobs } : {}),
    subscribeNewsletter: async (email, locale) => {
      await newsletter.subscribe({ email, source: "green-checkout", subscriptionType: "sell", locale }, { error: (details, message) => log(message, details) });
    },
  });
  const alertRepository = createAlertRepository(db);
  const alerts = createAlertService(alertRepository, { secret: deps.config.COOKIE_SECRET, log, ...(deps.alertJobs ? { jobs: deps.alertJobs } : {}) });
  const productList = createProductListService(productListRepository, clock, searchIndex);
  const productRankings = createRankingService(createRankingRepository(db));
  const products = createProductService(productRepository, navigation, clock);
  const recommendations = createRecommendationService(createRecommendationRepository(db), createEventForwarder(deps.config.RECOMMENDATION_EVENTS_URL), clock);
  const caches: Record<keyof typeof CACHED_TABLES, { invalidate(): void }> = {
    category_tree: navigation,
    product_list: productList,
    product_rankings: productRankings,
    product_view: products,
    recommendations,
  };
  deps.onChange?.((table) => {
    searchIndex.changed(table);
    for (const [name, tables] of Object.entries(CACHED_TABLES) as [keyof typeof CACHED_TABLES, readonly string[]][]) {
      if (table !== ANY_TABLE && !tables.includes(table)) continue;
      caches[name].invalidate();
      cacheInvalidations.inc({ cache: name });
    }
  });
  const payments = createPaymentService(orders, { sandbox, stripe, providers: [], publicUrl: deps.config.PUBLIC_URL });
  const content = createContentService(createContentRepository(db), { clock });
  const addressBook = createAddressBookService(createAddressBookRepository(db));
  const returnRepository = createReturnRepository(db);
  const periods = { returnDays: deps.config.RETURN_DAYS, warrantyMonths: deps.config.WARRANTY_MONTHS };
  return {
    cart,
    orders,
    refunds,
    returns: createReturnService(returnRepository, { clock, periods, visibleOrder: orders.visibleOrder, jobs: deps.returnJobs }),
    returnOps: createReturnOpsService(returnRepository, { clock, refunder: refunds, jobs: deps.returnJobs }),
    returnRepository,
    support: createSupportService(createSupportRepository(db), { clock }),
    fulfilment: createFulfilmentService(orderRepository, { clock, jobs: deps.orderJobs }),
    payments,
    navigation,
    products,
    productList,
    search: createSearchService(searchIndex, createSearchRepository(db), (ids) => productListRepository.rowsOf(ids)),
    productRankings,
    media: createMediaService(productRepository),
    health: createHealthService(createHealthRepository(db), deps.version),
    reviews: createReviewService(createReviewRepository(db)),
    offers,
    announcements: createAnnouncementService(createAnnouncementRepository(db), clock),
    accounts,
    accountMails,
    addressBook,
    socialLogin: createSocialLoginService(createSocialLoginRepository(db), {
      providers: deps.config.socialLogin,
      facebook: deps.config.facebook,
      publicUrl: deps.config.PUBLIC_URL,
      clock,
      signInCustomer: (customerUuid, previousToken) => accounts.signInCustomer(customerUuid, previousToken),
      keepProviderAddress: (customerUuid, address) => addressBook.keepIfEmpty(customerUuid, address),
    }),
    mailDelivery,
    recommendations,
    newsletter,
    sellCart,
    sales,
    alerts,
    /** What the alert jobs read and mark (see alerts/alert-jobs.ts). */
    alertJobSource: alertRepository,
    content,
    seo: createSeoService(createSeoRepository(content)),
    landingPages: createLandingPageService(createLandingPageRepository(db)),
    sitemap: createSitemapService(createSitemapRepository(db), deps.config.PUBLIC_URL, content),
    saleOps,
    coupons: createCouponService(createCouponRepository(db), { clock }),
    pricing: pricingServices(db, { alerts: deps.alertJobs, log }),
    units: createUnitService(createUnitRepository(db), { clock }),
    dashboard: createDashboardService(createDashboardRepository(db), { clock }),
    salePhotos: createSalePhotoService(saleRepository, { view: saleOps.view }),
    payouts: createPayoutService(saleRepository, saleSteps, { clock, bank: { holder: deps.config.SHOP_BANK_HOLDER, iban: deps.config.SHOP_BANK_IBAN, bic: deps.config.SHOP_BANK_BIC } }),
    bankTransfers: createBankTransferService(createBankTransferRepository(db), { jobs: deps.orderJobs, log }),
    staff: createStaffService(createStaffRepository(db), { clock, mailer: mailDelivery, config: deps.config }),
    reports: createReportService(createReportRepository(db)),
    catalogueOps: catalogueOpsServices(db),
  };
}
export type Services = ReturnType<typeof createServices>;

/** The back-office's catalogue: products, their pictures and categories (all the products module's). */
function catalogueOpsServices(db: Db) {
  const repository = createProductOpsRepository(db);
  const products = createProductOpsService(repository);
  return { products, pictures: createPictureOpsService(repository, { current: products.current }), categories: createCategoryOpsService(createCategoryOpsRepository(db)) };
}

/** Sale price rules and one product's prices (the pricing module's); lowered prices wake the alerts' price-drop sweep. */
function pricingServices(db: Db, deps: { alerts: AlertJobs | undefined; log: (msg: string, err: unknown) => void }) {
  const repository = createPricingRepository(db);
  const rules = createPriceRuleService(repository, deps);
  return { rules, products: createProductPriceService(repository, { rules }) };
}
