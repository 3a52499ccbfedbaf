import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-address";
import { useTranslation } from "../i18n/i18n.tsx";
import type { AddressInput, CheckoutSetAddressError } from "../../api/contract.ts";
import { byCode, isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { TextField } from "../components/text-field.tsx";
import { AddressFields, AddressLines, addressFromForm } from "../features/cart/address-fields.tsx";
import { CheckoutSteps, StepActions } from "../features/cart/checkout-steps.tsx";
import { useRepairToasts } from "../features/cart/repair-toasts.ts";
import { PaypalLoginButton } from "../shell/login/paypal-button.tsx";
import { storefront } from "../load-context.ts";

// The PayPal express button speaks with the login's texts.
await Promise.all([loadMessageGroup("browse"), loadPageMessages()]);

export async function loader({ context }: Route.LoaderArgs) {
  const [cart, meta] = await Promise.all([storefront(context).api.cart(), storefront(context).api.userMeta()]);
  if (cart.itemCount === 0) throw redirect("/checkout/cart", 303);
  const addressBook = meta.user ? (await storefront(context).api.addressBook()).addresses : [];
  // A guest may come in quicker with PayPal express, when PayPal login is offered.
  const paypalExpress = !meta.user && (await storefront(context).api.socialLoginProviders()).providers.includes("paypal");
  return { cart, customer: meta.user && { email: meta.user.email }, addressBook, paypalExpress };
}

const FORM_ERRORS: Partial<Record<CheckoutSetAddressError, string>> = {
  PACKSTATION_NOT_ALLOWED: "checkout.address.errors.packstation",
  EMAIL_REQUIRED: "checkout.address.errors.email",
  CART_EMPTY: "cart.errors.changed",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const saved = form.get("saved");
  let billing: AddressInput | undefined = addressFromForm(form, "billing");
  let delivery: AddressInput | null = form.get("deliverElsewhere") === "1" ? addressFromForm(form, "delivery") : null;
  if (saved !== null) {
    const { addresses } = await storefront(context).api.addressBook().catch(() => ({ addresses: [] }));
    billing = addresses.find((entry) => entry.uuid === saved)?.address;
    delivery = null;
    if (!billing) throw data("Unknown address.", { status: 400 });
  }
  const email = String(form.get("email") ?? "").trim();
  try {
    await storefront(context).api.checkoutAddress({ ...(email ? { email } : {}), billingAddress: billing, deliveryAddress: delivery });
    return redirect("/checkout/payment", 303);
  } catch (error) {
    if (!isApiError<CheckoutSetAddressError>(error) || error.status >= 500) throw error;
    const fields: Record<string, string> = {};
    let problem: string | null = null;
    for (const item of error.errors) {
      // body.billingAddress.postalCode → billing.postalCode
      const match = /^body\.(billing|delivery)Address\.(\w+)$/.exec(item.reference);
      if (match) fields[`${match[1]}.${match[2]}`] ??= `checkout.address.errors.${match[2] === "postNumber" ? "postNumber" : "field"}`;
      else if (item.reference === "body.email") fields.email = "checkout.address.errors.emailInvalid";
      else problem = byCode(FORM_ERRORS, item.code) ?? "checkout.address.errors.default";
    }
    return data({ fields, problem }, { status: 400 });
  }
}

/** Billing and delivery address (and a guest's e-mail): a customer can take one from earlier orders. */
export default function CheckoutAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cart, customer, addressBook, paypalExpress } = loaderData;
  // The cart's address, else the customer's default billing address (one PayPal shared, say).
  const billing = cart.billingAddress ?? addressBook.find((entry) => entry.defaultBilling)?.address ?? null;
  const busy = useNavigation().state !== "idle";
  useRepairToasts(cart.repairs);
  const errorsOf = (prefix: string) =>
    Object.fromEntries(Object.entries(actionData?.fields ?? {}).flatMap(([k, v]) => (k.startsWith(`${prefix}.`) ? [[k.slice(prefix.length + 1), t(v)]] : [])));
  const elsewhere = cart.deliveryAddress && cart.billingAddress && JSON.stringify(cart.deliveryAddress) !== JSON.stringify(cart.billingAddress);
  return (
    <>
      <title>{t("checkout.address.title")}</title>
      <meta name="robots" content="noindex" />
      <CheckoutSteps current="address" />
      <h1 className="text-2xl font-extrabold">{t("checkout.address.title")}</h1>
      {paypalExpress && (
        <section aria-labelledby="express-title" className="mt-6 rounded-2xl border border-line p-5">
          <h2 id="express-title" className="font-bold">
            {t("checkout.address.expressTitle")}
          </h2>
          <p className="mb-3 mt-1 text-sm text-muted">{t("checkout.address.expressText")}</p>
          <PaypalLoginButton target="/checkout/address" then={null} express />
        </section>
      )}
      {addressBook.length > 0 && (
        <section aria-labelledby="saved-title" className="mt-6">
          <h2 id="saved-title" className="font-bold">
            {t("checkout.address.saved")}
          </h2>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {addressBook.map(({ uuid, address }) => (
              <li key={uuid} className="rounded-2xl border border-line p-4 text-sm">
                <AddressLines address={address} />
                <Form method="post" className="mt-3">
                  <input type="hidden" name="saved" value={uuid} />
                  <button type="submit" disabled={busy} className="font-semibold text-[var(--accent)] underline">
                    {t("checkout.address.useSaved")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* Signed in on this page (PayPal express), the fields start again from the customer's addresses. */}
      <Form key={customer ? "customer" : "guest"} method="post" className="mt-6 space-y-6" noValidate={false}>
        {actionData?.problem && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
            {t(actionData.problem)}
          </p>
        )}
        {customer ? (
          <p className="text-sm text-muted">{t("checkout.address.loggedInAs", { email: customer.email })}</p>
        ) : (
          <fieldset className="rounded-2xl border border-line p-5">
            <legend className="px-1 font-bold">{t("checkout.address.contact")}</legend>
            <TextField label={t("checkout.address.fields.email")} name="email" type="email" autoComplete="email" required defaultValue={cart.email ?? ""} error={actionData?.fields?.email ? t(actionData.fields.email) : undefined} />
            <p className="mt-2 text-sm text-muted">
              {t("checkout.address.haveAccount")}{" "}
              <Link to="/auth?next=%2Fcheckout%2Faddress" className="font-semibold text-[var(--accent)] underline">
                {t("checkout.address.login")}
              </Link>
            </p>
          </fieldset>
        )}
        <fieldset className="rounded-2xl border border-line p-5">
          <legend className="px-1 font-bold">{t("checkout.address.billing")}</legend>
          <AddressFields prefix="billing" initial={billing} errors={errorsOf("billing")} allowPackstation={false} required />
        </fieldset>
        <div className="rounded-2xl border border-line p-5">
          {/* The fields follow the checkbox by CSS alone, so this works before and without JavaScript. */}
          <input
            id="deliver-elsewhere"
            type="checkbox"
            name="deliverElsewhere"
            value="1"
            defaultChecked={Boolean(elsewhere) || Object.keys(errorsOf("delivery")).length > 0}
            className="peer h-4 w-4 align-middle"
          />
          <label htmlFor="deliver-elsewhere" className="ml-2 align-middle font-bold">
            {t("checkout.address.deliverElsewhere")}
          </label>
          <div className="mt-4 hidden peer-checked:block">
            <AddressFields prefix="delivery" initial={elsewhere ? cart.deliveryAddress : null} errors={errorsOf("delivery")} allowPackstation required={false} />
          </div>
        </div>
        <StepActions back="/checkout/cart" next={t("checkout.address.continue")} busy={busy} />
      </Form>
    </>
  );
}
