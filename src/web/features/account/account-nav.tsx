import { Form, NavLink } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";

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

export function AccountFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl py-4 md:py-8">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <AccountNav />
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
