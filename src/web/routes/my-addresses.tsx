import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/my-addresses";
import type { AddressChangeError, AddressCreateError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { AddressFields, AddressLines, addressFromForm } from "../features/cart/address-fields.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { readForm } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

// The address fields' texts are the checkout's.
await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireCustomer(url, context);
  const { addresses } = await storefront(context).api.addressBook();
  const edit = url.searchParams.get("edit");
  return { addresses, editing: addresses.find((a) => a.uuid === edit) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const uuid = String(form.get("uuid") ?? "");
  try {
    switch (intent) {
      case "save": {
        const body = { address: addressFromForm(form, "address"), defaultBilling: form.get("defaultBilling") === "1", defaultDelivery: form.get("defaultDelivery") === "1" };
        if (uuid) await storefront(context).api.updateAddress(uuid, body);
        else await storefront(context).api.createAddress(body);
        return redirect("/my/addresses", 303);
      }
      case "delete":
        await storefront(context).api.deleteAddress(uuid);
        return redirect("/my/addresses", 303);
      case "default-billing":
        await storefront(context).api.setDefaultAddresses({ billing: uuid });
        return redirect("/my/addresses", 303);
      case "default-delivery":
        await storefront(context).api.setDefaultAddresses({ delivery: uuid });
        return redirect("/my/addresses", 303);
      default:
        throw data("Unknown form.", { status: 400 });
    }
  } catch (error) {
    if (!isApiError<AddressCreateError | AddressChangeError>(error) || error.status >= 500) throw error;
    const fields: Record<string, string> = {};
    for (const item of error.errors) {
      const match = /^body\.address\.(\w+)$/.exec(item.reference);
      if (match) fields[match[1]!] ??= match[1] === "postNumber" ? "checkout.address.errors.postNumber" : "checkout.address.errors.field";
    }
    const problem = error.code === "ADDRESS_BOOK_FULL" ? "account.addresses.full" : error.status === 404 ? "account.addresses.gone" : Object.keys(fields).length ? null : "checkout.address.errors.default";
    return data({ fields, problem }, { status: error.status });
  }
}

/** The address book: what checkout offers, with the default billing and delivery address. */
export default function MyAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { addresses, editing } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = Object.fromEntries(Object.entries(actionData?.fields ?? {}).map(([k, v]) => [k, t(v)]));
  const small = "text-sm font-semibold text-[var(--accent)] underline";
  return (
    <AccountFrame title={t("account.addresses.title")}>
      {actionData?.problem && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {t(actionData.problem)}
        </p>
      )}
      {addresses.length === 0 ? (
        <p className="mt-4 text-muted">{t("account.addresses.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="address-book">
          {addresses.map((entry) => (
            <li key={entry.uuid} className="rounded-2xl border border-line p-4 text-sm">
              <AddressLines address={entry.address} />
              <p className="mt-2 flex flex-wrap gap-2 text-xs">
                {entry.defaultBilling && <span className="rounded-full bg-canvas px-2 py-0.5 font-semibold">{t("account.addresses.defaultBilling")}</span>}
                {entry.defaultDelivery && <span className="rounded-full bg-canvas px-2 py-0.5 font-semibold">{t("account.addresses.defaultDelivery")}</span>}
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Link to={`?edit=${entry.uuid}`} className={small}>
                  {t("account.addresses.edit")}
                </Link>
                {!entry.defaultBilling && !entry.address.packstation && (
                  <Form method="post">
                    <input type="hidden" name="uuid" value={entry.uuid} />
                    <button name="intent" value="default-billing" disabled={busy} className={small}>
                      {t("account.addresses.makeBilling")}
                    </button>
                  </Form>
                )}
                {!entry.defaultDelivery && (
                  <Form method="post">
                    <input type="hidden" name="uuid" value={entry.uuid} />
                    <button name="intent" value="default-delivery" disabled={busy} className={small}>
                      {t("account.addresses.makeDelivery")}
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="uuid" value={entry.uuid} />
                  <button name="intent" value="delete" disabled={busy} className="text-sm text-muted underline" aria-label={t("account.addresses.deleteNamed", { name: `${entry.address.firstName} ${entry.address.lastName}, ${entry.address.city}` })}>
                    {t("account.addresses.delete")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" key={editing?.uuid ?? "new"} className="mt-6 rounded-2xl border border-line p-5">
        <h2 className="text-lg font-bold">{editing ? t("account.addresses.editTitle") : t("account.addresses.add")}</h2>
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="uuid" value={editing.uuid} />}
        <div className="mt-3">
          <AddressFields prefix="address" initial={editing?.address ?? null} errors={errors} allowPackstation required />
        </div>
        <div className="mt-3 flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="defaultBilling" value="1" defaultChecked={editing?.defaultBilling ?? addresses.length === 0} className="h-4 w-4" />
            {t("account.addresses.defaultBilling")}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="defaultDelivery" value="1" defaultChecked={editing?.defaultDelivery ?? addresses.length === 0} className="h-4 w-4" />
            {t("account.addresses.defaultDelivery")}
          </label>
        </div>
        <div className="mt-4 flex items-center gap-4">
          <button type="submit" disabled={busy} className="h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)]">
            {t("account.settings.save")}
          </button>
          {editing && (
            <Link to="/my/addresses" className="text-sm underline">
              {t("account.addresses.cancel")}
            </Link>
          )}
        </div>
      </Form>
    </AccountFrame>
  );
}
