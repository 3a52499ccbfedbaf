import { loadMessageGroup } from "../i18n/client-messages.ts";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-overview";
import { useTranslation } from "../i18n/i18n.tsx";
import type { PlaceOrderError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { Price } from "../components/price.tsx";
import { CheckoutSteps } from "../features/cart/checkout-steps.tsx";
import { CartTotals, DispatchPromise } from "../features/cart/cart-summary.tsx";
import { AddressLines } from "../features/cart/address-fields.tsx";
import { useRepairToasts } from "../features/cart/repair-toasts.ts";
import { repairToast } from "../../domain/checkout/add-to-cart.ts";
import { LegalLinks } from "../features/content/legal-links.tsx";
import { storefront } from "../load-context.ts";

await loadMessageGroup("browse");

export async function loader({ context }: Route.LoaderArgs) {
  const cart = await storefront(context).api.cart();
  if (cart.itemCount === 0) throw redirect("/checkout/cart", 303);
  if (!cart.billingAddress || !cart.deliveryAddress) throw redirect("/checkout/address", 303);
  if (!cart.paymentMethod) throw redirect("/checkout/payment", 303);
  // One key per visit of this page: a double click or a resent form places the order once.
  return { cart, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("terms") !== "1") return data({ problem: "checkout.overview.errors.terms" }, { status: 400 });
  const key = String(form.get("idempotencyKey") ?? "");
  try {
    const placed = await storefront(context).api.placeOrder(
      {
        expectedTotal: Number(form.get("expectedTotal")),
        expectedDispatch: { min: Number(form.get("expectedMin")), max: Number(form.get("expectedMax")) },
        termsAccepted: true,
      },
      key,
    );
    // The provider's page is no route of ours (the sandbox's lives under /api): the browser loads it whole,
    // instead of React Router asking for its data (/api/payments/…/start.data, a 404).
    return redirectDocument(placed.redirectUrl, 303);
  } catch (error) {
    if (!isApiError<PlaceOrderError>(error) || error.status >= 500) throw error;
    const code = error.code ?? "";
    if (code === "ORDER_TOTAL_CHANGED" || code === "ORDER_PROMISE_CHANGED") {
      return data({ problem: code === "ORDER_TOTAL_CHANGED" ? "checkout.overview.errors.totalChanged" : "repairedCart.orderPromiseChanged" }, { status: 409 });
    }
    if (code === "PRODUCT_VARIANT_OUT_OF_STOCK") return redirectWithFlash("/checkout/cart", [], { danger: ["checkout.overview.errors.soldOut"] });
    const toast = repairToast(code, true);
    if (toast) return redirectWithFlash("/checkout/cart", [], { notice: [toast] });
    if (code === "ADDRESS_MISSING" || code === "EMAIL_REQUIRED") return redirect("/checkout/address", 303);
    if (code === "PAYMENT_METHOD_MISSING") return redirect("/checkout/payment", 303);
    if (code === "CART_EMPTY") return redirect("/checkout/cart", 303);
    return data({ problem: "checkout.overview.errors.default" }, { status: error.status });
  }
}

/** Everything at a glance, the terms, and the one button that buys. */
export default function CheckoutOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cart, idempotencyKey } = loaderData;
  const busy = useNavigation().state !== "idle";
  useRepairToasts(cart.repairs, true);
  return (
    <>
      <title>{t("checkout.overview.title")}</title>
      <meta name="robots" content="noindex" />
      <CheckoutSteps current="overview" />
      <h1 className="text-2xl font-extrabold">{t("checkout.overview.title")}</h1>
      <div className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-5">
          <section className="rounded-2xl border border-line p-5">
            <h2 className="font-bold">{t("checkout.overview.items")}</h2>
            <ul className="mt-2 divide-y divide-line">
              {cart.items.map((item) => (
                <li key={item.uuid} className="flex justify-between gap-4 py-2 text-sm">
                  <span>
                    {item.product.name}
                    <span className="block text-muted">
                      {t(`grades.${item.variant.label}.name`)}
                      {item.withFullBattery && ` · ${t("cart.item.withBattery")}`}
                    </span>
                  </span>
                  <Price cents={item.price.amount} className="font-semibold" />
                </li>
              ))}
            </ul>
            <DispatchPromise cart={cart} />
          </section>
          <section className="grid gap-4 rounded-2xl border border-line p-5 text-sm sm:grid-cols-2">
            <div>
              <h2 className="font-bold">{t("checkout.address.billing")}</h2>
              <AddressLines address={cart.billingAddress!} />
              {cart.email && <p className="mt-1 text-muted">{cart.email}</p>}
            </div>
            <div>
              <h2 className="font-bold">{t("checkout.overview.delivery")}</h2>
              <AddressLines address={cart.deliveryAddress!} />
              <p className="mt-1 text-muted">{t(`checkout.payment.deliveryMethods.${cart.deliveryMethod}.name`)}</p>
            </div>
            <div>
              <h2 className="font-bold">{t("checkout.payment.method")}</h2>
              <p>{t(`checkout.payment.methods.${cart.paymentMethod}.name`)}</p>
            </div>
            <p className="flex gap-3 sm:col-span-2">
              <Link to="/checkout/address" className="text-[var(--accent)] underline">
                {t("checkout.overview.changeAddress")}
              </Link>
              <Link to="/checkout/payment" className="text-[var(--accent)] underline">
                {t("checkout.overview.changePayment")}
              </Link>
            </p>
          </section>
        </div>
        <Form method="post" className="h-fit space-y-4 rounded-2xl border border-line p-5">
          <CartTotals cart={cart} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="expectedTotal" value={cart.totals.total.amount} />
          <input type="hidden" name="expectedMin" value={cart.minDaysUntilDispatch} />
          <input type="hidden" name="expectedMax" value={cart.maxDaysUntilDispatch} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="terms" value="1" required className="mt-1 h-4 w-4" />
            <span>{t("checkout.overview.terms")}</span>
          </label>
          <LegalLinks />
          {actionData?.problem && (
            <p role="alert" className="text-sm text-red-700">
              {t(actionData.problem)}
            </p>
          )}
          <button type="submit" disabled={busy} aria-busy={busy} data-primary-action className="w-full rounded-full bg-[var(--accent)] px-6 py-3.5 font-semibold text-white hover:bg-[var(--accent-dark)]">
            {busy ? t("checkout.overview.placing") : t("checkout.overview.buy")}
          </button>
        </Form>
      </div>
    </>
  );
}
