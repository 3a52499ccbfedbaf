import { loadPageMessages } from "../i18n/client-messages.ts";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/my-settings";
import { LOCALES } from "../../domain/i18n/locales.ts";
import { LANGUAGE_NAMES } from "../components/language-switcher.tsx";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { useTranslation } from "../i18n/i18n.tsx";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

export async function loader({ request, context }: Route.LoaderArgs) {
  return { customer: await requireCustomer(request, context) };
}

/** Settings of the account: the address it signs in with, and its language (shop and mails). */
export default function MySettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer } = loaderData;
  const location = useLocation();
  return (
    <AccountFrame title={t("account.settings.title")}>
      <dl className="mt-6 rounded-2xl border border-line p-5">
        <dt className="text-sm font-semibold text-muted">{t("auth.email")}</dt>
        <dd className="mt-1 break-all">{customer.email}</dd>
      </dl>
      <Form method="post" action="/language" reloadDocument className="mt-6 rounded-2xl border border-line p-5">
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <label htmlFor="account-language" className="block text-lg font-bold">
          {t("account.settings.language")}
        </label>
        <p className="mt-1 text-sm text-muted">{t("account.settings.languageText")}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <select id="account-language" name="locale" defaultValue={customer.locale} className="h-11 rounded-xl border border-line bg-white px-3">
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
          <button type="submit" className="h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)]">
            {t("account.settings.save")}
          </button>
        </div>
      </Form>
    </AccountFrame>
  );
}
