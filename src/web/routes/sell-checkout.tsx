import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sell-checkout";
import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { SellCheckoutBody, SellCheckoutError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { TextField } from "../components/text-field.tsx";
import { AddressFields, addressFromForm } from "../features/cart/address-fields.tsx";
import { SellGradeName } from "../features/trade-in/sell-grade-name.tsx";
import { SellSteps } from "../features/trade-in/sell-steps.tsx";
import { SellTotals } from "../features/trade-in/sell-summary.tsx";
import { Price } from "../components/price.tsx";
import { LegalLinks } from "../features/content/legal-links.tsx";
import { storefront } from "../load-context.ts";

// The address fields' texts are the buy checkout's.
await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

export async function loader({ url, context }: Route.LoaderArgs) {
  const { user } = await storefront(context).api.userMeta();
  if (!user) throw redirect(`/auth?platform=green&next=${encodeURIComponent(url.pathname)}`, 303);
  const [{ cart }, book] = await Promise.all([storefront(context).api.prepareSellCheckout(), storefront(context).api.addressBook().catch(() => ({ addresses: [] }))]);
  if (cart.orderProductsCount <= 0 || cart.errors.length > 0) throw redirect("/checkout/cart/sell", 303);
  const home = book.addresses.find((a) => a.defaultBilling) ?? book.addresses[0];
  // One key per visit of this page: a double click or a resent form sells once.
  return { cart, email: user.email, sender: home?.address ?? null, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("terms") !== "1") return data({ fields: {} as Record<string, string>, problem: "sell.checkout.errors.terms" }, { status: 400 });
  const method = form.get("payoutMethod") === "paypal" ? "paypal" : "bank_transfer";
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const payout: SellCheckoutBody["payout"] = method === "paypal" ? { method, email: text("paypalEmail") } : { method, iban: text("iban"), holder: text("holder") };
  try {
    const sale = await storefront(context).api.sellCheckout(
      { newsletter: form.get("newsletter") === "1", termsAccepted: true, expectedPayout: Number(form.get("expectedPayout")), address: addressFromForm(form, "sender"), payout },
      String(form.get("idempotencyKey") ?? ""),
    );
    return redirect(`/checkout/sell/done/${sale.saleUuid}`, 303);
  } catch (error) {
    if (!isApiError<SellCheckoutError>(error) || error.status >= 500) throw error;
    const code = error.code ?? "";
    if (code === "CART_EMPTY" || code === "CART_CHANGED" || code.endsWith("ErrorDto") || code.startsWith("SELL_COUPON::")) {
      return redirectWithFlash("/checkout/cart/sell", [], { notice: ["greenCart.flash.changed"] });
    }
    if (code === "PAYOUT_CHANGED") return data({ fields: {} as Record<string, string>, problem: "sell.checkout.errors.payoutChanged" }, { status: 409 });
    const fields: Record<string, string> = {};
    let problem: string | null = null;
    for (const item of error.errors) {
      const address = /^body\.address\.(\w+)$/.exec(item.reference);
      if (address) fields[`sender.${address[1]}`] ??= `checkout.address.errors.${address[1] === "postNumber" ? "postNumber" : "field"}`;
      else if (item.code === "IBAN_INVALID" || item.code === "IBAN_NOT_SEPA" || item.reference === "body.payout.iban") fields.iban = item.code === "IBAN_NOT_SEPA" ? "sell.checkout.errors.ibanNotSepa" : "sell.checkout.errors.iban";
      else if (item.reference === "body.payout.holder") fields.holder = "sell.checkout.errors.holder";
      else if (item.reference === "body.payout.email") fields.paypalEmail = "sell.checkout.errors.paypalEmail";
      else problem = "sell.checkout.errors.default";
    }
    return data({ fields, problem }, { status: 400 });
  }
}

/** Who sends, how the money comes, the terms: and the button that sells. */
export default function SellCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cart, email, sender, idempotencyKey } = loaderData;
  const busy = useNavigation().state !== "idle";
  const [method, setMethod] = useState<"bank_transfer" | "paypal">("bank_transfer");
  const fields = actionData?.fields ?? {};
  const senderErrors = Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (k.startsWith("sender.") ? [[k.slice(7), t(v)]] : [])));
  return (
    <>
      <title>{t("sell.checkout.title")}</title>
      <meta name="robots" content="noindex" />
      <SellSteps current="checkout" />
      <h1 className="text-2xl font-extrabold">{t("sell.checkout.title")}</h1>
      <Form method="post" className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="expectedPayout" value={cart.totals.payout.amount} />
        <div className="space-y-6">
          <section className="rounded-2xl border border-line p-5">
            <h2 className="font-bold">{t("sell.checkout.sender.title")}</h2>
            <p className="text-sm text-muted">{t("sell.checkout.sender.hint")}</p>
            <div className="mt-3">
              <AddressFields prefix="sender" initial={sender} errors={senderErrors} allowPackstation={false} required />
            </div>
          </section>
          <fieldset className="rounded-2xl border border-line p-5">
            <legend className="px-1 font-bold">{t("sell.checkout.payout.title")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(["bank_transfer", "paypal"] as const).map((m) => (
                <label key={m} className="flex cursor-pointer items-center gap-2 rounded-xl border border-line p-3 has-[:checked]:border-[var(--accent)]">
                  <input type="radio" name="payoutMethod" value={m} checked={method === m} onChange={() => setMethod(m)} className="accent-[var(--accent)]" />
                  <span className="font-medium">{t(`sell.checkout.payout.methods.${m}`)}</span>
                </label>
              ))}
            </div>
            {method === "bank_transfer" ? (
              <div className="mt-4 grid gap-3 sm:grid-cols-2">
                <TextField label={t("sell.checkout.payout.iban")} name="iban" autoComplete="off" required error={fields.iban && t(fields.iban)} inputMode="text" spellCheck={false} />
                <TextField label={t("sell.checkout.payout.holder")} name="holder" autoComplete="name" required error={fields.holder && t(fields.holder)} />
              </div>
            ) : (
              <div className="mt-4">
                <TextField label={t("sell.checkout.payout.paypalEmail")} name="paypalEmail" type="email" autoComplete="email" defaultValue={email} required error={fields.paypalEmail && t(fields.paypalEmail)} />
              </div>
            )}
          </fieldset>
        </div>
        <aside className="h-fit space-y-4 rounded-2xl border border-line p-5">
          <h2 className="font-bold">{t("sell.checkout.summary")}</h2>
          <ul className="divide-y divide-line text-sm">
            {cart.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 py-2">
                <span>
                  {item.product.name}
                  <span className="block text-muted">
                    <SellGradeName grade={item.grade} />
                  </span>
                </span>
                <Price cents={item.price.amount} />
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            {t(`greenCart.shipping.carriers.${cart.carrier}`)} · {t("greenCart.shipping.parcelCount", { count: cart.parcels })}
            {cart.expressGrading && ` · ${t("greenCart.express.title")}`}
          </p>
          <SellTotals cart={cart} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="newsletter" value="1" className="mt-1 accent-[var(--accent)]" />
            {t("sell.checkout.newsletter")}
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="terms" value="1" required className="mt-1 accent-[var(--accent)]" aria-invalid={actionData?.problem === "sell.checkout.errors.terms" ? true : undefined} />
            {t("sell.checkout.terms")}
          </label>
          <LegalLinks />
          {actionData?.problem && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
              {t(actionData.problem)}
            </p>
          )}
          <button type="submit" disabled={busy} data-primary-action className="w-full rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white disabled:opacity-60">
            {t("sell.checkout.submit")}
          </button>
          <Link to="/checkout/cart/sell" className="block text-center text-sm text-muted underline">
            {t("sell.checkout.back")}
          </Link>
        </aside>
      </Form>
    </>
  );
}
