import type {
  AddressBook,
  AddressBookEntry,
  AddressBookEntryBody,
  AddressDefaultsBody,
  AnnouncementsView,
  AuthorsQuery,
  AuthorsView,
  BuyAlertBody,
  BuyAlertChange,
  BuyAlertsView,
  CartAddItemBody,
  CartCouponBody,
  CartOptionsBody,
  CartRemoveItemQuery,
  CartSimulateCouponBody,
  CartUpdateItemBody,
  CartView,
  ChangeEmailBody,
  ChangePasswordBody,
  CheckedOutSale,
  CheckoutAddressBody,
  ConnectedIdentities,
  EmailVerificationBody,
  EmailVerificationResult,
  ErrorCode,
  ErrorItem,
  FacebookLoginBody,
  FrameworkErrorCode,
  LandingPage,
  LoginBody,
  LoginResult,
  NavigationQuery,
  NavigationView,
  NewsletterConfirmBody,
  NewsletterPreference,
  NewsletterPreferenceBody,
  NewsletterSubscribeBody,
  OrderList,
  OrderListQuery,
  OrderView,
  CancellationView,
  OwnReview,
  OwnReviewAnswer,
  PasswordResetBody,
  PasswordResetRequestBody,
  PasswordResetResult,
  PaymentReturn,
  PaypalLoginBody,
  PlacedOrder,
  PlaceOrderBody,
  PopularCategoriesQuery,
  PopularCategoriesView,
  PopupLoginStart,
  ProductDescription,
  ProductListParams,
  ProductListView,
  ProductView,
  ProductViewQuery,
  Profile,
  ProfileBody,
  RecommendationParams,
  RecommendationView,
  RegisterBody,
  RegistrationResult,
  ReviewList,
  ReviewListQuery,
  SaleList,
  SaleListQuery,
  PayoutAccountBody,
  SaleView,
  SandboxVerdictBody,
  SellCartAddBody,
  SellCartView,
  SellCheckoutBody,
  SellCouponBody,
  SellShippingBody,
  SeoBlock,
  SocialLoginProviders,
  StripeAbandonBody,
  StripeSessionBody,
  SuggestionsQuery,
  SuggestionsView,
  TopProductsParams,
  TopProductsView,
  TradeInOffer,
  TradeInOfferBody,
  TradeInQuestions,
  TradeInSearchParams,
  TradeInSearchView,
  UpdateLocaleBody,
  UserMeta,
  UserMetaBody,
  VerificationSent,
  WatchStatus,
  WishedAmong,
  WishedQuery,
  WishlistQuery,
  WishlistToggle,
  WishlistView,
  WristbandSelection,
  WriteReviewBody,
} from "../../api/contract.ts";
import type { Locale } from "../../domain/i18n/locales.ts";

/** One HTTP exchange, whatever carries it: fetch in the browser, fastify.inject on the server. */
export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  /** A multipart/form-data body (files) instead of a JSON one. */
  form?: FormData;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}
export interface ApiResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** The code the client itself refuses a call with, before it leaves (pathSegment). */
export type ClientErrorCode = "INVALID_PATH_SEGMENT";
/** Whatever code an API error may carry: the catalogue's, Fastify's own, the client's. */
export type AnyErrorCode = ErrorCode | FrameworkErrorCode | ClientErrorCode;

/** An error item whose code is one of those given: an operation's (the contract's `…Error`). */
export type ApiErrorItem<C extends string = AnyErrorCode> = Omit<ErrorItem, "code"> & { code: C };

/**
 * A non-2xx answer, carrying the API's error items. Its code parameter is the codes of the
 * operation that was called, so a comparison with a code it cannot answer fails type-check.
 */
export class ApiError<C extends string = AnyErrorCode> extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem<C>[],
  ) {
    super(errors[0]?.message ?? `API answered ${status}`);
    this.name = "ApiError";
  }
  get code(): C | undefined {
    return this.errors[0]?.code;
  }
}

/**
 * Whether a thrown value is an API error, typed by the codes of the operation that was called:
 * after `isApiError<CartSetCouponError>(error)`, `error.code` and `error.errors[i].code` compare
 * only with that operation's codes (and the client's own). Without one, with any code of the
 * catalogue. Checked by shape, not instanceof: the server build bundles its own copy of this
 * module, so class identity differs across the SSR boundary.
 */
export function isApiError<C extends string = AnyErrorCode>(error: unknown, status?: number): error is ApiError<C | ClientErrorCode> {
  const e = error as Partial<ApiError> | null;
  return typeof e === "object" && e !== null && e.name === "ApiError" && typeof e.status === "number" && (status === undefined || e.status === status);
}

/**
 * What a table keyed by an operation's codes (`Partial<Record<CartSetCouponError, …>>`) holds for
 * an error's code; undefined for another code, or none. The table's own type keeps its keys to
 * the operation's codes, so a code renamed in the API's catalogue fails type-check there.
 */
export function byCode<V>(table: Readonly<Partial<Record<string, V>>>, code: string | undefined): V | undefined {
  return code !== undefined && Object.hasOwn(table, code) ? table[code] : undefined;
}

export function queryString(query: ApiRequest["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    // Lists travel comma-separated, flags as 1/0: the shapes the API's query schemas read.
    params.set(key, Array.isArray(value) ? value.join(",") : typeof value === "boolean" ? (value ? "1" : "0") : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * One path segment, encoded: "/", "?", "#" and "%" in a value from a URL parameter stay inside
 * its segment, so "../landing/sale" cannot change which operation is called. "", "." and ".."
 * are refused: URL parsers resolve dot segments (even as %2E%2E) before the request leaves.
 */
export function pathSegment(value: string | number): string {
  const text = String(value);
  // Refused as the API refuses a malformed parameter, so callers handle it like any 400.
  if (text === "" || text === "." || text === "..") {
    throw new ApiError<ClientErrorCode>(400, [{ code: "INVALID_PATH_SEGMENT", message: `"${text}" cannot be a segment of an API path`, reference: "path" }]);
  }
  return encodeURIComponent(text);
}

/**
 * An API path whose every interpolated value is one encoded segment: apiPath`/api/products/${id}`.
 * It throws on a refused segment, so the methods that call it are async: callers get a rejection.
 */
export function apiPath(parts: TemplateStringsArray, ...segments: (string | number)[]): string {
  return parts.reduce((path, part, i) => path + part + (i < segments.length ? pathSegment(segments[i]!) : ""), "");
}

/** The API's limits on list filters (products/list-schemas.ts); a page's URL may ask for more. */
const LIST_MAX = 20;
const PATHNAME_MAX = 2000;

/** A list filter as the API reads it: comma-separated values, trimmed, distinct, at most LIST_MAX. */
function listValues(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return [...new Set(values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean))].slice(0, LIST_MAX);
}

/**
 * A page's list state as a request the API accepts: a name with commas in it (an author page)
 * would otherwise count as many values, and the page path only serves tracking, so a long one
 * is cut instead of failing the page.
 */
export function productListQuery(query: ProductListParams & { locale: Locale }): ApiRequest["query"] {
  return {
    ...query,
    brand: listValues(query.brand),
    color: listValues(query.color),
    rom: listValues(query.rom),
    pathname: query.pathname?.slice(0, PATHNAME_MAX),
  };
}

/** The typed client the storefront (and any other app) uses for every call. */
export function createApiClient(transport: ApiTransport) {
  async function call<T>(request: ApiRequest): Promise<T> {
    return (await exchange<T>(request)).body;
  }
  /** A call whose cookies the storefront passes on to the browser (login, logout). */
  async function exchange<T>(request: ApiRequest): Promise<{ body: T; setCookies: string[] }> {
    const response = await transport(request);
    if (response.status >= 200 && response.status < 300) {
      return { body: response.body as T, setCookies: response.headers["set-cookie"]?.split("\n") ?? [] };
    }
    // The API answers only codes of its catalogue (or Fastify's own): the contract says so.
    const errors = (response.body as { errors?: ApiErrorItem[] } | null)?.errors ?? [];
    throw new ApiError(response.status, errors);
  }
  return {
    /** Any operation, typed by its caller: what few pages use lives in modules of its own (content.ts), off every page's first load. */
    call,
    navigation: (locale: Locale, categoryId?: number) =>
      call<NavigationView>({ method: "GET", path: "/api/navigation", query: { locale, categoryId } satisfies NavigationQuery }),
    navigationByPath: (locale: Locale, path: string, pathLocale: Locale) =>
      call<NavigationView>({ method: "GET", path: "/api/navigation", query: { locale, path, pathLocale } satisfies NavigationQuery }),
    popularCategories: (locale: Locale, limit: number) =>
      call<PopularCategoriesView>({ method: "GET", path: "/api/navigation/popular", query: { locale, limit } satisfies PopularCategoriesQuery }),
    product: async (id: number, locale: Locale, wristbandId?: number) =>
      call<ProductView>({ method: "GET", path: apiPath`/api/products/${id}`, query: { locale, wristbandId } satisfies ProductViewQuery }),
    announcements: (locale: Locale) =>
      call<AnnouncementsView>({ method: "GET", path: "/api/announcements", query: { locale } }),
    newsletterSubscribe: (body: NewsletterSubscribeBody) =>
      call<{ status: "pending" | "active" }>({ method: "POST", path: "/api/newsletter/subscriptions", body }),
    newsletterConfirm: (token: string) =>
      call<{ status: "active"; email: string }>({ method: "POST", path: "/api/newsletter/confirmations", body: { token } satisfies NewsletterConfirmBody }),
    /** A page's editorial text; null when there is none. */
    seoBlock: async (identifier: string, locale: Locale) => {
      try {
        return await call<SeoBlock>({ method: "GET", path: apiPath`/api/seo-blocks/${identifier}`, query: { locale } });
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    landingPage: async (kind: "landing" | "theme" | "promo", slug: string, locale: Locale) =>
      call<LandingPage>({ method: "GET", path: apiPath`/api/landing-pages/${kind}/${slug}`, query: { locale } }),
    authors: (page: number) => call<AuthorsView>({ method: "GET", path: "/api/authors", query: { page } satisfies AuthorsQuery }),
    topProducts: (from: number, to: number, platform: "blue" | "green" = "blue") =>
      call<TopProductsView>({ method: "GET", path: "/api/top-products", query: { from, to, platform } satisfies TopProductsParams }),
    tradeInQuestions: async (productId: number) => call<TradeInQuestions>({ method: "GET", path: apiPath`/api/trade-in/products/${productId}/questions` }),
    tradeInOffer: async (productId: number, answers: TradeInOfferBody["answers"]) =>
      call<TradeInOffer>({ method: "POST", path: apiPath`/api/trade-in/products/${productId}/offer`, body: { answers } satisfies TradeInOfferBody }),
    wishlist: (query: WishlistQuery = {}) => call<WishlistView>({ method: "GET", path: "/api/wishlist", query }),
    watchlistPut: async (productId: number) => call<WishlistToggle>({ method: "PUT", path: apiPath`/api/watchlist/${productId}` }),
    watchlistDelete: async (productId: number) => call<WishlistToggle>({ method: "DELETE", path: apiPath`/api/watchlist/${productId}` }),
    /** Which of these products the customer wished: asked apart from the lists, whose answers everyone shares. */
    wishedAmong: async (productIds: readonly number[]) => call<WishedAmong>({ method: "GET", path: "/api/wishlist/wished", query: { productIds: [...productIds] } satisfies WishedQuery }),
    watchStatus: async (productId: number) => call<WatchStatus>({ method: "GET", path: apiPath`/api/products/${productId}/watch-status` }),
    ownReview: async (productId: number) => call<OwnReviewAnswer>({ method: "GET", path: apiPath`/api/products/${productId}/reviews/mine` }),
    writeReview: async (productId: number, body: WriteReviewBody) =>
      call<OwnReview>({ method: "POST", path: apiPath`/api/products/${productId}/reviews`, body }),
    buyAlerts: () => call<BuyAlertsView>({ method: "GET", path: "/api/buy-alerts" }),
    buyAlertPut: async (productId: number, variants: NonNullable<BuyAlertBody>["variants"]) =>
      call<BuyAlertChange>({ method: "PUT", path: apiPath`/api/buy-alerts/${productId}`, body: { variants } satisfies BuyAlertBody }),
    buyAlertDelete: async (productId: number) => call<BuyAlertChange>({ method: "DELETE", path: apiPath`/api/buy-alerts/${productId}` }),
    sellCart: () => call<SellCartView>({ method: "GET", path: "/api/green-cart" }),
    prepareSellCheckout: () => call<{ cart: SellCartView }>({ method: "POST", path: "/api/green-cart/prepare-checkout" }),
    /** Sets the cart cookie on a visitor's first add: the storefront passes it on. */
    sellCartAdd: async (productId: number, body: SellCartAddBody) =>
      exchange<SellCartView & { addedItemId: string }>({ method: "POST", path: apiPath`/api/green-cart/items/${productId}`, body }),
    sellCartRemove: async (id: string) => call<SellCartView>({ method: "DELETE", path: apiPath`/api/green-cart/items/${id}` }),
    sellCartRemoveAll: () => call<SellCartView>({ method: "DELETE", path: "/api/green-cart/items" }),
    sellCartAnswers: async (id: string) =>
      call<{ id: string; productId: number; answers: Record<string, string> }>({ method: "GET", path: apiPath`/api/green-cart/items/${id}/grading-answers` }),
    sellCartSetCoupon: (code: string) => exchange<SellCartView>({ method: "PUT", path: "/api/green-cart/coupon", body: { code } satisfies SellCouponBody }),
    sellCartRemoveCoupon: () => call<SellCartView>({ method: "DELETE", path: "/api/green-cart/coupon" }),
    sellCartExpressGrading: (on: boolean) => call<SellCartView>({ method: on ? "PUT" : "DELETE", path: "/api/green-cart/express-grading" }),
    sellCartShipping: (body: SellShippingBody) => call<SellCartView>({ method: "PUT", path: "/api/green-cart/shipping", body }),
    sellCheckout: (body: SellCheckoutBody, idempotencyKey: string) =>
      call<CheckedOutSale>({ method: "POST", path: "/api/green-cart/checkout", body, headers: { "idempotency-key": idempotencyKey } }),
    sales: (page = 1) => call<SaleList>({ method: "GET", path: "/api/sales", query: { page } satisfies SaleListQuery }),
    sale: async (uuid: string) => call<SaleView>({ method: "GET", path: apiPath`/api/sales/${uuid}` }),
    answerCounteroffer: async (uuid: string, accept: boolean) =>
      call<SaleView>({ method: "POST", path: apiPath`/api/sales/${uuid}/counteroffer/${accept ? "accept" : "decline"}` }),
    correctPayoutAccount: async (uuid: string, body: PayoutAccountBody) => call<SaleView>({ method: "PUT", path: apiPath`/api/sales/${uuid}/payout-account`, body }),
    smartSuggestions: (query: SuggestionsQuery) => call<SuggestionsView>({ method: "GET", path: "/api/search/suggestions", query }),
    tradeInSearch: (query: TradeInSearchParams) =>
      call<TradeInSearchView>({ method: "GET", path: "/api/trade-in/search", query }),
    productDescription: async (id: number, locale: Locale) =>
      call<ProductDescription>({ method: "GET", path: apiPath`/api/products/${id}/description`, query: { locale } }),
    wristbands: async (caseId: number, locale: Locale) =>
      call<WristbandSelection>({ method: "GET", path: apiPath`/api/wristbands/${caseId}`, query: { locale } }),
    reviews: async (productId: number, page: number) =>
      call<ReviewList>({ method: "GET", path: apiPath`/api/products/${productId}/reviews`, query: { page } satisfies ReviewListQuery }),
    recommendations: (query: RecommendationParams) =>
      call<RecommendationView>({ method: "GET", path: "/api/recommendations", query }),
    productList: (query: ProductListParams & { locale: Locale }) =>
      call<ProductListView>({ method: "GET", path: "/api/products", query: productListQuery(query) }),
    login: (body: LoginBody) =>
      exchange<LoginResult>({ method: "POST", path: "/api/customer/login", body }),
    /** The providers the login page offers buttons for (their start address is a link, not a call). */
    socialLoginProviders: () => call<SocialLoginProviders>({ method: "GET", path: "/api/sign-in/providers" }),
    paypalLoginStart: () => call<PopupLoginStart>({ method: "POST", path: "/api/sign-in/paypal/start" }),
    /** Sets the session cookie. */
    paypalLogin: (body: PaypalLoginBody) =>
      exchange<LoginResult>({ method: "POST", path: "/api/sign-in/paypal", body }),
    /** Sets the session cookie: the storefront passes it on. */
    facebookLogin: (body: FacebookLoginBody) =>
      exchange<LoginResult>({ method: "POST", path: "/api/customer/facebook-login", body }),
    identities: () => call<ConnectedIdentities>({ method: "GET", path: "/api/customer/identities" }),
    newsletterPreference: (subscribed?: boolean) =>
      call<NewsletterPreference>(subscribed === undefined ? { method: "GET", path: "/api/customer/newsletter" } : { method: "PUT", path: "/api/customer/newsletter", body: { subscribed } satisfies NewsletterPreferenceBody }),
    disconnectIdentity: (provider: string, subject: string) =>
      call<ConnectedIdentities>({ method: "DELETE", path: apiPath`/api/customer/identities/${provider}/${subject}` }),
    /** Signs nobody in: the answer is the same for every address, and the mailed link signs in (verifyEmail). */
    register: (body: RegisterBody) =>
      exchange<RegistrationResult>({ method: "POST", path: "/api/customer/registrations", body }),
    requestPasswordReset: (email: string) => call<{ status: "mail-requested" }>({ method: "POST", path: "/api/customer/password-resets", body: { email } satisfies PasswordResetRequestBody }),
    /** Sets the session cookie: the storefront passes it on. */
    resetPassword: (body: PasswordResetBody) =>
      exchange<PasswordResetResult>({ method: "POST", path: "/api/customer/password-resets/confirm", body }),
    /** Confirms a new account's address or an e-mail change, and sets the session cookie. */
    verifyEmail: (token: string) => exchange<EmailVerificationResult>({ method: "POST", path: "/api/customer/email-verifications", body: { token } satisfies EmailVerificationBody }),
    requestEmailVerification: () => call<VerificationSent>({ method: "POST", path: "/api/customer/email-verification-requests" }),
    changeEmail: (body: ChangeEmailBody) => call<VerificationSent>({ method: "PUT", path: "/api/customer/email", body }),
    changePassword: (body: ChangePasswordBody) => call<null>({ method: "PUT", path: "/api/customer/password", body }),
    updateProfile: (body: ProfileBody) => call<Profile>({ method: "PUT", path: "/api/customer/profile", body }),
    logout: () => exchange<null>({ method: "POST", path: "/api/customer/logout" }),
    userMeta: (withCart = false) => call<UserMeta>({ method: "POST", path: "/api/user-meta", body: { withCart } satisfies UserMetaBody }),
    updateLocale: (locale: Locale) => call<{ locale: Locale }>({ method: "PUT", path: "/api/customer/locale", body: { locale } satisfies UpdateLocaleBody }),
    cart: () => call<CartView>({ method: "GET", path: "/api/cart" }),
    /** Sets the cart cookie on a visitor's first add: the storefront passes it on. */
    cartAdd: (body: CartAddItemBody) => exchange<CartView & { addedItemUuid: string }>({ method: "POST", path: "/api/cart/items", body }),
    cartUpdate: (uuid: string, body: CartUpdateItemBody) =>
      call<CartView>({ method: "PUT", path: apiPath`/api/cart/items/${uuid}`, body }),
    cartRemove: (uuid: string, page: "cart" | "checkout" = "cart") =>
      call<CartView>({ method: "DELETE", path: apiPath`/api/cart/items/${uuid}`, query: { page, repair: true } satisfies CartRemoveItemQuery }),
    cartSetCoupon: (code: string) => exchange<CartView>({ method: "PUT", path: "/api/cart/coupon", body: { code } satisfies CartCouponBody }),
    cartRemoveCoupon: () => call<CartView>({ method: "DELETE", path: "/api/cart/coupon" }),
    cartSimulateCoupon: (body: CartSimulateCouponBody = {}) =>
      call<CartView["simulatedCoupon"]>({ method: "POST", path: "/api/cart/coupon-simulation", body }),
    cartOptions: (body: CartOptionsBody) => call<CartView>({ method: "PUT", path: "/api/cart/options", body }),
    checkoutAddress: (body: CheckoutAddressBody) => call<CartView>({ method: "PUT", path: "/api/checkout/address", body }),
    placeOrder: (body: PlaceOrderBody, idempotencyKey: string) =>
      call<PlacedOrder>({ method: "POST", path: "/api/checkout/orders", body, headers: { "idempotency-key": idempotencyKey } }),
    order: (uuid: string) => call<OrderView>({ method: "GET", path: apiPath`/api/orders/${uuid}` }),
    cancelOrder: (uuid: string, reason?: string, key?: string) =>
      call<CancellationView>({ method: "POST", path: apiPath`/api/orders/${uuid}/cancel`, ...(key ? { query: { key } } : {}), body: reason ? { reason } : {} }),
    orders: (page = 1) => call<OrderList>({ method: "GET", path: "/api/orders", query: { page } satisfies OrderListQuery }),
    addressBook: () => call<AddressBook>({ method: "GET", path: "/api/customer/addresses" }),
    createAddress: (body: AddressBookEntryBody) =>
      call<AddressBookEntry>({ method: "POST", path: "/api/customer/addresses", body }),
    updateAddress: async (uuid: string, body: AddressBookEntryBody) =>
      call<AddressBookEntry>({ method: "PUT", path: apiPath`/api/customer/addresses/${uuid}`, body }),
    deleteAddress: async (uuid: string) => call<null>({ method: "DELETE", path: apiPath`/api/customer/addresses/${uuid}` }),
    setDefaultAddresses: (body: AddressDefaultsBody) =>
      call<AddressBook>({ method: "PUT", path: "/api/customer/address-defaults", body }),
    stripeReturn: (sessionId: string) => call<Omit<PaymentReturn, "result"> & { result: string }>({ method: "POST", path: "/api/payments/stripe/returns", body: { sessionId } satisfies StripeSessionBody }),
    stripeAbandon: (paymentUuid: string) => call<Omit<PaymentReturn, "result"> & { result: string }>({ method: "POST", path: "/api/payments/stripe/abandon", body: { paymentUuid } satisfies StripeAbandonBody }),
    paymentReturn: (body: SandboxVerdictBody) => call<PaymentReturn>({ method: "POST", path: "/api/payments/returns", body }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** Browser transport: same-origin fetch with the session cookie. */
export const fetchTransport: ApiTransport = async (request) => {
  const response = await fetch(request.path + queryString(request.query), {
    method: request.method,
    credentials: "same-origin",
    // A form's content type (with its boundary) is fetch's to set.
    headers: { ...request.headers, ...(request.body === undefined || request.form ? {} : { "content-type": "application/json" }) },
    body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  const text = await response.text();
  return { status: response.status, headers, body: text ? JSON.parse(text) : null };
};
