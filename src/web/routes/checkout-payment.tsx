import { loadMessageGroup } from "../i18n/client-messages.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-payment";
import { useTranslation } from "../i18n/i18n.tsx";
import type { CartUpdateOptionsError } from "../../api/contract.ts";
import { byCode, isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { Price } from "../components/price.tsx";
import { CheckoutSteps, StepActions } from "../features/cart/checkout-steps.tsx";
import { CartTotals } from "../features/cart/cart-summary.tsx";
import { useRepairToasts } from "../features/cart/repair-toasts.ts";
import { SHIPPING_PRICE, DELIVERY_METHODS, PAYMENT_METHODS, expressAllowedFor } from "../../domain/checkout/cart-rules.ts";
import { storefront } from "../load-context.ts";

await loadMessageGroup("browse");

export async function loader({ context }: Route.LoaderArgs) {
  const cart = await storefront(context).api.cart();
  if (cart.itemCount === 0) throw redirect("/checkout/cart", 303);
  if (!cart.billingAddress) throw redirect("/checkout/address", 303);
  return { cart };
}

const PROBLEMS: Partial<Record<CartUpdateOptionsError, string>> = {
  PACKSTATION_NOT_ALLOWED: "checkout.payment.errors.packstation",
  DELIVERY_METHOD_VALIDATION_FAILED: "checkout.payment.errors.express",
  INVALID_PAYMENT_METHOD: "checkout.payment.errors.method",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const chosen = String(form.get("paymentMethod") ?? "");
  if (!chosen) return data({ problem: "checkout.payment.errors.choose" }, { status: 400 });
  // A method the page does not offer gets the answer the API's refusal of it would.
  const deliveryMethod = DELIVERY_METHODS.find((m) => m === String(form.get("deliveryMethod") ?? "standard"));
  const paymentMethod = PAYMENT_METHODS.find((m) => m === chosen);
  if (!deliveryMethod || !paymentMethod) return data({ problem: "checkout.payment.errors.method" }, { status: 400 });
  try {
    await storefront(context).api.cartOptions({ deliveryMethod, paymentMethod });
    return redirect("/checkout/overview", 303);
  } catch (error) {
    if (!isApiError<CartUpdateOptionsError>(error) || error.status >= 500) throw error;
    return data({ problem: byCode(PROBLEMS, error.code) ?? "checkout.payment.errors.method" }, { status: 400 });
  }
}

/** Delivery and payment: how it comes, and how to pay. */
export default function CheckoutPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cart } = loaderData;
  const busy = useNavigation().state !== "idle";
  useRepairToasts(cart.repairs);
  const expressPossible = cart.deliveryAddress !== null && expressAllowedFor(cart.deliveryAddress);
  return (
    <>
      <title>{t("checkout.payment.title")}</title>
      <meta name="robots" content="noindex" />
      <CheckoutSteps current="payment" />
      <h1 className="text-2xl font-extrabold">{t("checkout.payment.title")}</h1>
      <Form method="post" className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-6">
          {actionData?.problem && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {t(actionData.problem)}
            </p>
          )}
          <fieldset className="rounded-2xl border border-line p-5">
            <legend className="px-1 font-bold">{t("checkout.payment.delivery")}</legend>
            {DELIVERY_METHODS.map((method) => {
              const disabled = method === "express" && !expressPossible;
              return (
                <label key={method} className={`mt-2 flex items-start gap-3 rounded-xl border border-line p-3 ${disabled ? "opacity-50" : "cursor-pointer"}`}>
                  <input type="radio" name="deliveryMethod" value={method} defaultChecked={cart.deliveryMethod === method} disabled={disabled} className="mt-1" />
                  <span className="flex-1">
                    <span className="font-semibold">{t(`checkout.payment.deliveryMethods.${method}.name`)}</span>
                    <span className="block text-sm text-muted">{t(`checkout.payment.deliveryMethods.${method}.text`)}</span>
                  </span>
                  <span className="text-sm font-semibold">{SHIPPING_PRICE[method] === 0 ? t("cart.totals.free") : <Price cents={SHIPPING_PRICE[method]} />}</span>
                </label>
              );
            })}
          </fieldset>
          <fieldset className="rounded-2xl border border-line p-5">
            <legend className="px-1 font-bold">{t("checkout.payment.method")}</legend>
            {cart.paymentMethods.map((method) => (
              <label key={method} className="mt-2 flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3">
                <input type="radio" name="paymentMethod" value={method} required defaultChecked={cart.paymentMethod === method} className="mt-1" />
                <span>
                  <span className="font-semibold">{t(`checkout.payment.methods.${method}.name`)}</span>
                  <span className="block text-sm text-muted">{t(`checkout.payment.methods.${method}.text`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <StepActions back="/checkout/address" next={t("checkout.payment.continue")} busy={busy} />
        </div>
        <aside className="h-fit rounded-2xl border border-line p-5">
          <CartTotals cart={cart} />
        </aside>
      </Form>
    </>
  );
}
