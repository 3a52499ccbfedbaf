import { Form, Link, NavLink } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { useCustomer } from "./customer.ts";

/** The account area's sections, and logging out. */
export function AccountNav() {
  const { t } = useTranslation();
  const item = "block rounded-xl px-3 py-2 font-semibold hover:bg-canvas aria-[current=page]:bg-canvas aria-[current=page]:text-[var(--accent)]";
  return (
    <nav aria-label={t("account.nav")} className="text-sm">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        <li>
          <NavLink to="/my" end className={item}>
            {t("account.overview.title")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/my/sales" className={item}>
            {t("account.sales.title")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/wishlist" className={item}>
            {t("wishlist.title")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/buy-alerts" className={item}>
            {t("buyAlerts.title")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/my/addresses" className={item}>
            {t("account.addresses.title")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/my/settings" className={item}>
            {t("account.settings.title")}
          </NavLink>
        </li>
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className={`${item} w-full text-left text-muted`}>
              {t("logout.submit")}
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Shown on every account page while mails to the customer's address bounce for good: rendered by the
 * server, so it does not wait for an API call's X-Email-Delivery-Impossible header to raise a toast.
 */
function UndeliverableEmailBanner() {
  const { t } = useTranslation();
  const customer = useCustomer();
  if (!customer || customer.emailDeliverable) return null;
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="email-undeliverable">
      <p className="font-bold">{t("account.emailUndeliverable.title")}</p>
      <p className="mt-1">{t("account.emailUndeliverable.text")}</p>
      <Link to="/my/settings#email" className="mt-2 inline-block font-semibold underline">
        {t("account.emailUndeliverable.change")}
      </Link>
    </div>
  );
}

export function AccountFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl py-4 md:py-8">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <AccountNav />
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">{title}</h1>
          <UndeliverableEmailBanner />
          {children}
        </div>
      </div>
    </div>
  );
}
