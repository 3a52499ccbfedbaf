import { data, Form, Link, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { supportApi } from "../api-client/ops-support.ts";
import { staffApi } from "../api-client/staff.ts";
import { customerNameOf, customerPath, customerQueryOf, CUSTOMERS_PATH, SUPPORT_ROLES } from "../features/ops/customer-form.ts";
import { opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-customers";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = customerQueryOf(url.searchParams);
  try {
    if (q) return { q, customers: (await supportApi(storefront(context).api).customers(q)).customers };
    // Nothing asked yet: the page is its search field, for support only (as the API's search is).
    const me = await staffApi(storefront(context).api).opsMe();
    if (!mayAct(me.roles, SUPPORT_ROLES)) throw data(null, { status: 403 });
    return { q, customers: null };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** Support: a customer found by part of their e-mail address or name, or by an order number. */
export default function OpsCustomers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { q, customers } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === CUSTOMERS_PATH;
  return (
    <>
      <OpsPageTitle title={t("ops.customers.title")} intro={t("ops.customers.intro")} />
      <Form method="get" action={CUSTOMERS_PATH} role="search" aria-label={t("ops.customers.search.label")} className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3">
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="customers-q" className="block text-sm font-semibold">
            {t("ops.customers.search.q")}
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={q}
            required
            maxLength={254}
            autoComplete="off"
            autoFocus={!q}
            aria-describedby="customers-q-hint"
            className={opsInput}
            data-testid="customers-search"
          />
          <p id="customers-q-hint" className="mt-1 text-xs text-muted">
            {t("ops.customers.search.hint")}
          </p>
        </div>
        <button type="submit" className={`${opsButton.primary} mb-5`}>
          {t("ops.customers.search.submit")}
        </button>
      </Form>
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        {customers === null ? (
          <p className="rounded-xl border border-dashed border-line bg-white p-4 text-sm text-muted">{t("ops.customers.start")}</p>
        ) : (
          <TableCard
            id="ops-customers"
            heading={t("ops.customers.heading", { count: customers.length, q })}
            columns={[t("ops.customers.columns.name"), t("ops.customers.columns.email"), t("ops.customers.columns.since")]}
            rows={customers.map((customer) => (
              <tr key={customer.uuid} data-testid="customer-row">
                <th scope="row" className={`${tableCell} text-left font-semibold`}>
                  <Link to={customerPath(customer)} className="text-blue-accent underline">
                    {customerNameOf(customer) ?? t("ops.customers.noName")}
                  </Link>
                </th>
                <td className={`${tableCell} break-all`}>{customer.email}</td>
                <td className={`${tableCell} whitespace-nowrap`}>
                  <time dateTime={customer.createdAt}>{formatDate(customer.createdAt, i18n.language, "medium")}</time>
                </td>
              </tr>
            ))}
            empty={t("ops.customers.empty", { q })}
            minWidth="min-w-[36rem]"
            testId="customers"
          />
        )}
      </div>
    </>
  );
}
