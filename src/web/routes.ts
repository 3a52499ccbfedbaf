import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { LOCALES } from "../domain/i18n/locales.ts";
import { BUY_PREFIX, SEARCH_SEGMENT, SELL_PREFIX, SELL_SEARCH_SEGMENT } from "../domain/routing/paths.ts";

/**
 * The route table: every page of the shop. Translated prefixes are generated here: every language's prefix
 * resolves whatever the visitor's language, and links are always generated in the current one.
 */
const buyRoutes = LOCALES.flatMap((locale) => [
  route(`${BUY_PREFIX[locale]}/${SEARCH_SEGMENT[locale]}`, "routes/search.tsx", { id: `search-${locale}` }),
  route(`${BUY_PREFIX[locale]}/sale`, "routes/landing.tsx", { id: `landing-sale-${locale}` }),
  route(`${BUY_PREFIX[locale]}/apple`, "routes/landing.tsx", { id: `landing-apple-${locale}` }),
  route(`${BUY_PREFIX[locale]}/theme/:slug`, "routes/landing.tsx", { id: `theme-${locale}` }),
  route(`${BUY_PREFIX[locale]}/author/:authorName`, "routes/author.tsx", { id: `author-${locale}` }),
  route(`${BUY_PREFIX[locale]}/autorinnen-und-autoren-welt`, "routes/authors.tsx", { id: `authors-${locale}` }),
  route(`${BUY_PREFIX[locale]}/top-produkte/:range`, "routes/top-products.tsx", { id: `top-products-${locale}` }),
  route(`${BUY_PREFIX[locale]}/*`, "routes/buy-category.tsx", { id: `buy-category-${locale}` }),
]);

const sellRoutes = LOCALES.flatMap((locale) => [
  route(`${SELL_PREFIX[locale]}/${SELL_SEARCH_SEGMENT[locale]}`, "routes/sell-search.tsx", { id: `sell-search-${locale}` }),
  route(`${SELL_PREFIX[locale]}/top-produkte/:range`, "routes/top-products.tsx", { id: `sell-top-products-${locale}` }),
  route(SELL_PREFIX[locale], "routes/sell-home.tsx", { id: `sell-home-${locale}` }),
  route(`${SELL_PREFIX[locale]}/*`, "routes/sell-category.tsx", { id: `sell-category-${locale}` }),
]);

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    // "/i{id},{slug}": a partial dynamic segment, so the product route takes single segments and checks the shape.
    route(":productRef", "routes/product.tsx", [route("wristband", "routes/wristband-modal.tsx")]),
    route("p/:basicSanitizedName/:id", "routes/product-legacy.tsx"),
    route("omg/:slug", "routes/landing.tsx", { id: "promo" }),
    route("recommendations/:type", "routes/recommendations.tsx"),
    route(":id/product-variant-information", "routes/variant-information.tsx"),
    route("trade-in/:productRef", "routes/trade-in.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("buy-alerts", "routes/buy-alerts.tsx"),
    route("write-review/:id/:slug", "routes/write-review.tsx"),
    route("tips-and-news", "routes/blog.tsx", { id: "blog" }),
    route("tips-and-news/c/:category", "routes/blog.tsx", { id: "blog-category" }),
    route("tips-and-news/:slug", "routes/blog-article.tsx"),
    route("legal/:documentType", "routes/legal.tsx"),
    ...buyRoutes,
    ...sellRoutes,
  ]),
  layout("layouts/minimal-footer.tsx", [
    route("error/:status", "routes/error-status.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("verify", "routes/verify.tsx"),
    route("auth", "routes/auth.tsx"),
    // The login form's target without JavaScript: the same page, so a refusal keeps what was typed.
    route("login_check", "routes/auth.tsx", { id: "login-check" }),
    route("login_check_facebook", "routes/login-check-facebook.tsx"),
    route("auth/reset", "routes/auth-reset.tsx"),
    route("auth/verify-email", "routes/auth-verify-email.tsx"),
    route("logout", "routes/logout.tsx"),
    route("s/:slug", "routes/content-page.tsx", { id: "static-page" }),
    route("warranty", "routes/content-page.tsx", { id: "warranty" }),
    // The invitation's link: the invited person is no staff member yet, so it sits outside the back-office's frame.
    route("ops/invitation", "routes/ops-invitation.tsx"),
    route("my", "routes/my.tsx"),
    route("my/settings", "routes/my-settings.tsx"),
    route("my/orders/:orderUuid", "routes/my-order.tsx"),
    route("my/orders/:orderUuid/return", "routes/my-order-return.tsx"),
    route("my/orders/:orderUuid/warranty-claim", "routes/my-order-claim.tsx"),
    route("my/addresses", "routes/my-addresses.tsx"),
    route("my/sales", "routes/my-sales.tsx"),
    route("my/sales/:saleUuid", "routes/my-sale.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The back-office: its own frame, which asks who is signed in (anyone but staff gets a 404).
  layout("layouts/ops.tsx", [
    route("ops", "routes/ops-overview.tsx"),
    route("ops/second-factor", "routes/ops-second-factor.tsx"),
    route("ops/security", "routes/ops-security.tsx"),
    route("ops/content", "routes/ops-content.tsx"),
    route("ops/content/:id", "routes/ops-content-edit.tsx"),
    route("ops/staff", "routes/ops-staff.tsx"),
    route("ops/audit", "routes/ops-audit.tsx"),
    route("ops/coupons", "routes/ops-coupons.tsx"),
    route("ops/receiving", "routes/ops-receiving.tsx"),
    route("ops/inspection", "routes/ops-receiving.tsx", { id: "routes/ops-inspection" }),
    route("ops/sales/:saleRef", "routes/ops-sale.tsx"),
    route("ops/sales/:saleRef/items/:itemUuid", "routes/ops-sale-item.tsx"),
    route("ops/payouts", "routes/ops-payouts.tsx"),
    route("ops/payouts/batches/:batchId", "routes/ops-payout-batch.tsx"),
    route("ops/transfers", "routes/ops-transfers.tsx"),
    route("ops/units", "routes/ops-units.tsx"),
    route("ops/units/new", "routes/ops-unit-new.tsx"),
    route("ops/units/:unitRef", "routes/ops-unit.tsx"),
    route("ops/orders", "routes/ops-orders.tsx"),
    route("ops/orders/:orderUuid", "routes/ops-order.tsx"),
    route("ops/returns", "routes/ops-returns.tsx"),
    route("ops/returns/:returnUuid", "routes/ops-return.tsx"),
    route("ops/warranty-claims", "routes/ops-claims.tsx"),
    route("ops/warranty-claims/:claimUuid", "routes/ops-claim.tsx"),
    route("ops/customers", "routes/ops-customers.tsx"),
    route("ops/customers/:customerUuid", "routes/ops-customer.tsx"),
  ]),
  layout("layouts/checkout.tsx", [
    route("checkout/cart/sell", "routes/sell-cart.tsx"),
    route("checkout/cart/*?", "routes/cart.tsx"),
    route("checkout/sell", "routes/sell-checkout.tsx"),
    route("checkout/sell/done/:saleUuid", "routes/sell-finish.tsx"),
    route("checkout/address", "routes/checkout-address.tsx", { id: "checkout-address" }),
    route("checkout/address/billing-address", "routes/checkout-address.tsx", { id: "checkout-address-billing" }),
    route("checkout/address/delivery-address", "routes/checkout-address.tsx", { id: "checkout-address-delivery" }),
    route("checkout/payment", "routes/checkout-payment.tsx"),
    route("checkout/overview", "routes/checkout-overview.tsx"),
    route("checkout/order/index/id/:orderUuid", "routes/checkout-finish.tsx"),
    route("checkout/:orderUuid/handle-payment-redirect", "routes/checkout-payment-return.tsx", { id: "payment-redirect" }),
    route("checkout/:orderUuid/handle-payment-details", "routes/checkout-payment-return.tsx", { id: "payment-details" }),
    route("accessories/:id/:outlet", "routes/accessories.tsx"),
  ]),
  route("language", "routes/language.tsx"),
  route("auth/paypal-callback", "routes/auth-paypal-callback.tsx"),
  route("consent", "routes/consent.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
] satisfies RouteConfig;
