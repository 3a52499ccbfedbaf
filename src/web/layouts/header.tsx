import { useTranslation } from "../i18n/i18n.tsx";
import { Link } from "react-router";
import type { Locale } from "../../domain/i18n/locales.ts";
import { BUY_PREFIX, sellSearchHref } from "../../domain/routing/paths.ts";
import { lazy, Suspense } from "react";
import { Logo } from "../components/logo.tsx";
import { useBuyAlertCount, useCartCount, useCustomer } from "../features/account/customer.ts";
import { SearchField } from "../features/search/search-field.tsx";

/** The back-office's name, the same in every language, as its own header shows it. */
const BACK_OFFICE = "Backoffice";

// A plain form the server renders whole; its script (submit on change) hydrates when it arrives, outside the first load.
const LanguageSwitcher = lazy(() => import("../components/language-switcher.tsx").then((m) => ({ default: m.LanguageSwitcher })));

function CartIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="10" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}
function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
function CountBadge({ count, testId }: { count: number; testId: string }) {
  return (
    <span data-testid={testId} aria-hidden="true" className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-[var(--accent)] px-1 text-xs font-bold text-white">
      {count}
    </span>
  );
}
function AccountIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
    </svg>
  );
}

/** On a phone the back-office link is this icon alone, so the header keeps to one row. */
function BackOfficeIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className="sm:hidden">
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" strokeLinecap="round" />
    </svg>
  );
}

export function Header({ locale, productName }: { locale: Locale; productName: string }) {
  const { t } = useTranslation();
  const customer = useCustomer();
  const cartCount = useCartCount();
  const buyAlertCount = useBuyAlertCount();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t("header.skipToContent")}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 sm:gap-x-4 py-3 md:flex-nowrap">
        <Logo productName={productName} />
        <nav aria-label={t("header.platforms")} className="hidden gap-1 text-sm font-semibold md:flex">
          <Link to={`/${BUY_PREFIX[locale]}/categories`} className="rounded-full px-3 py-2 text-blue-accent hover:bg-canvas">
            {t("header.buy")}
          </Link>
          <Link to={sellSearchHref(locale)} className="rounded-full px-3 py-2 text-green-accent hover:bg-canvas">
            {t("header.sell")}
          </Link>
        </nav>
        <div className="order-last w-full md:order-none md:flex-1">
          <SearchField locale={locale} productName={productName} />
        </div>
        <div className="ml-auto flex items-center gap-0.5 md:ml-0">
          <Suspense fallback={null}>
            <LanguageSwitcher current={locale} />
          </Suspense>
          {/* Only with a session: such pages are rendered per request and never shared (page-cache.ts, private Cache-Control). */}
          {customer?.staff && (
            <Link to="/ops" className="flex items-center rounded-full p-2 text-sm font-semibold hover:bg-canvas" aria-label={BACK_OFFICE}>
              <BackOfficeIcon />
              <span className="hidden sm:inline">{BACK_OFFICE}</span>
            </Link>
          )}
          {customer && (
            <Link to="/buy-alerts" className="relative flex items-center gap-1 rounded-full p-2 text-sm hover:bg-canvas" aria-label={buyAlertCount ? t("header.buyAlertsWithCount", { count: buyAlertCount }) : t("header.buyAlerts")}>
              <BellIcon />
              {buyAlertCount > 0 && <CountBadge count={buyAlertCount} testId="buy-alert-count" />}
            </Link>
          )}
          {customer ? (
            <Link to="/my" className="relative flex items-center gap-1 rounded-full p-2 text-sm hover:bg-canvas" aria-label={customer.email ? t("header.myAccount", { email: customer.email }) : t("header.myAccountSignedIn")}>
              <AccountIcon />
              <span aria-hidden="true" className="absolute right-1.5 top-1.5 h-2.5 w-2.5 rounded-full border-2 border-white bg-green-accent" />
            </Link>
          ) : (
            <Link to="/auth" className="flex items-center gap-1 rounded-full p-2 text-sm hover:bg-canvas" aria-label={t("header.login")}>
              <AccountIcon />
            </Link>
          )}
          <Link to="/checkout/cart" className="relative flex items-center gap-1 rounded-full p-2 text-sm hover:bg-canvas" aria-label={cartCount ? t("header.cartWithItems", { count: cartCount }) : t("header.cart")}>
            <CartIcon />
            {cartCount > 0 && <CountBadge count={cartCount} testId="cart-count" />}
          </Link>
        </div>
      </div>
    </header>
  );
}
