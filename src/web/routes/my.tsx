import { loadPageMessages } from "../i18n/client-messages.ts";
import { Link } from "react-router";
import type { Route } from "./+types/my";
import { BUY_PREFIX } from "../../domain/routing/paths.ts";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { useTranslation } from "../i18n/i18n.tsx";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

export async function loader({ request, context }: Route.LoaderArgs) {
  return { customer: await requireCustomer(request, context) };
}

/** The account area's start page: who is logged in, and their orders. */
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { customer } = loaderData;
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(customer.createdAt));
  return (
    <AccountFrame title={t("account.overview.title")}>
      <p className="mt-2 text-muted">{t("account.overview.greeting", { email: customer.email, since })}</p>
      <section aria-labelledby="orders-title" className="mt-8 rounded-2xl border border-line p-5">
        <h2 id="orders-title" className="text-lg font-bold">
          {t("account.orders.title")}
        </h2>
        <p className="mt-2 text-muted">{t("account.orders.empty")}</p>
        <Link to={`/${BUY_PREFIX[customer.locale]}/categories`} className="mt-4 inline-block rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("account.orders.shop")}
        </Link>
      </section>
    </AccountFrame>
  );
}
