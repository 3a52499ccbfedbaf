import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/sell-cart";
import { EmptyState } from "../components/empty-state.tsx";
import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { SellCartRemoveError, SellCartSetCouponError, SellCartSetExpressGradingError, SellCartRemoveExpressGradingError, SellCartShippingError } from "../../api/contract.ts";
import { byCode, isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { Price } from "../components/price.tsx";
import { CartTabs } from "../features/cart/cart-tabs.tsx";
import { CouponForm } from "../features/cart/coupon-form.tsx";
import { HowSellingWorks } from "../features/trade-in/how-selling-works.tsx";
import { SellGradeName } from "../features/trade-in/sell-grade-name.tsx";
import { SellSteps } from "../features/trade-in/sell-steps.tsx";
import { PrepareErrors, SellTotals } from "../features/trade-in/sell-summary.tsx";
import { formatDate } from "../../domain/dates.ts";
import { CARRIERS, EXPRESS_GRADING_FEE_CENTS } from "../../domain/selling/sell-cart-rules.ts";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { sellHomeHref, tradeInHref } from "../../domain/routing/sell-paths.ts";
import { storefront } from "../load-context.ts";

// The tabs are the buy cart's, in its texts.
await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

export async function loader({ context }: Route.LoaderArgs) {
  const [{ cart }, buy] = await Promise.all([storefront(context).api.prepareSellCheckout(), storefront(context).api.cart().catch(() => null)]);
  return { cart, buyCount: buy?.itemCount ?? null };
}

const PROBLEMS: Partial<Record<SellCartSetCouponError | SellCartSetExpressGradingError, string>> = {
  "SELL_COUPON::NOT_FOUND": "greenCart.coupon.errors.notFound",
  "SELL_COUPON::EXPIRED": "greenCart.coupon.errors.expired",
  "SELL_COUPON::ALREADY_USED": "greenCart.coupon.errors.alreadyUsed",
  EXPRESS_GRADING_NOT_AVAILABLE: "greenCart.express.unavailable",
};

/** Every change of the sell cart: remove one or all, coupon, express inspection, carrier and parcels. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "remove":
        return { cart: await storefront(context).api.sellCartRemove(String(form.get("item") ?? "")) };
      case "remove-all":
        return { cart: await storefront(context).api.sellCartRemoveAll() };
      case "coupon": {
        const { body, setCookies } = await storefront(context).api.sellCartSetCoupon(String(form.get("code") ?? "").trim());
        return data({ cart: body }, { headers: setCookies.map((c) => ["Set-Cookie", c] as [string, string]) });
      }
      case "remove-coupon":
        return { cart: await storefront(context).api.sellCartRemoveCoupon() };
      case "express":
        return { cart: await storefront(context).api.sellCartExpressGrading(form.get("on") === "1") };
      case "shipping": {
        // A carrier the page does not offer gets the answer the API's refusal of it would.
        const carrier = CARRIERS.find((c) => c === String(form.get("carrier") ?? "dhl"));
        if (!carrier) return data({ problem: { intent, key: "greenCart.flash.genericError" } }, { status: 400 });
        return { cart: await storefront(context).api.sellCartShipping({ carrier, parcels: Number(form.get("parcels") ?? 1) }) };
      }
      default:
        throw data("Unknown form.", { status: 400 });
    }
  } catch (error) {
    if (!isApiError<SellCartRemoveError | SellCartSetCouponError | SellCartSetExpressGradingError | SellCartRemoveExpressGradingError | SellCartShippingError>(error) || error.status >= 500) throw error;
    if (intent === "remove-all") return redirectWithFlash("/checkout/cart/sell", [], { danger: ["greenCart.flash.genericError"] });
    if (error.status === 404) return redirectWithFlash("/checkout/cart/sell", [], { notice: ["greenCart.flash.changed"] });
    const code = error.code;
    return data({ problem: { intent, key: byCode(PROBLEMS, code) ?? (code?.startsWith("SELL_COUPON::") ? "greenCart.coupon.errors.notFound" : "greenCart.flash.genericError") } }, { status: 400 });
  }
}

type GreenCart = Route.ComponentProps["loaderData"]["cart"];

function SellItem({ item, busy }: { item: GreenCart["items"][number]; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const name = item.product.name ?? "";
  return (
    <li className="flex gap-4 py-5" data-testid="sell-cart-item">
      {item.product.imageUrl ? (
        <img src={item.product.imageUrl} alt="" width={96} height={96} className="h-24 w-24 shrink-0 rounded-xl bg-canvas object-contain" />
      ) : (
        <span className="block h-24 w-24 shrink-0 rounded-xl bg-canvas" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-muted">
          {t("greenCart.item.grade")} <SellGradeName grade={item.grade} />
        </p>
        <p className="text-sm text-muted">{t("greenCart.item.validUntil", { date: formatDate(item.validUntil, locale) })}</p>
        {item.offerRenewed && <p className="text-sm font-semibold text-amber-700">{t("greenCart.item.renewed")}</p>}
        {item.breakdown.length > 1 && (
          <details className="mt-1 text-sm">
            <summary className="cursor-pointer text-muted underline">{t("greenCart.item.breakdown")}</summary>
            <dl className="mt-1 space-y-0.5">
              {item.breakdown.map((line) => (
                <div key={line.kind} className="flex justify-between gap-4">
                  <dt>{t(`sell.offer.breakdown.${line.kind}`)}</dt>
                  <dd>
                    <Price cents={line.amount.amount} />
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        <Link to={tradeInHref(item.product.id, item.product.slug ?? "", { editId: item.id })} className="mt-2 inline-block text-sm font-semibold text-[var(--accent)] underline">
          {t("greenCart.item.edit")}
        </Link>
      </div>
      <div className="flex flex-col items-end justify-between">
        <Price cents={item.price.amount} className="font-bold" />
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="item" value={item.id} />
          <button type="submit" disabled={busy} className="text-sm text-muted underline hover:text-ink" aria-label={t("greenCart.item.removeNamed", { name })}>
            {t("greenCart.item.remove")}
          </button>
        </Form>
      </div>
    </li>
  );
}

/** The sell cart: the offers collected, the options, what stops the checkout, and the payout. */
export default function SellCart({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const cart = (actionData && "cart" in actionData ? actionData.cart : null) ?? loaderData.cart;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  return (
    <>
      <title>{t("greenCart.title")}</title>
      <meta name="robots" content="noindex" />
      <CartTabs buyCount={loaderData.buyCount} sellCount={cart.orderProductsCount} />
      <SellSteps current="cart" />
      {cart.removedItems.length > 0 && (
        <p role="status" className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="removed-items">
          {t("greenCart.removed", { names: cart.removedItems.join(", ") })}
        </p>
      )}
      <h1 className="text-2xl font-extrabold">{cart.orderProductsCount > 0 ? t("greenCart.titleWithCount", { count: cart.orderProductsCount }) : t("greenCart.title")}</h1>
      {cart.orderProductsCount <= 0 ? (
        <EmptyState title={t("greenCart.empty.title")} text={t("greenCart.empty.text")} action={{ to: sellHomeHref(locale), label: t("greenCart.empty.action") }}>
          <HowSellingWorks />
        </EmptyState>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
          <div>
            <ul className="divide-y divide-line" aria-busy={busy}>
              {cart.items.map((item) => (
                <SellItem key={item.id} item={item} busy={busy} />
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
              <Link to={sellHomeHref(locale)} className="font-semibold text-[var(--accent)] underline">
                {t("greenCart.addMore")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-all" />
                <button type="submit" disabled={busy} className="text-sm text-muted underline">
                  {t("greenCart.removeAll")}
                </button>
              </Form>
            </div>
          </div>
          <aside className="h-fit space-y-5 rounded-2xl border border-line p-5">
            <Form method="post" onChange={(e) => submit(e.currentTarget, { method: "post", preventScrollReset: true })} className="space-y-3">
              <input type="hidden" name="intent" value="shipping" />
              <fieldset>
                <legend className="text-sm font-semibold">{t("greenCart.shipping.carrier")}</legend>
                {(["dhl", "hermes"] as const).map((carrier) => (
                  <label key={carrier} className="mt-1 flex items-center gap-2 text-sm">
                    <input type="radio" name="carrier" value={carrier} defaultChecked={cart.carrier === carrier} className="accent-[var(--accent)]" />
                    {t(`greenCart.shipping.carriers.${carrier}`)}
                  </label>
                ))}
              </fieldset>
              <label className="block text-sm font-semibold">
                {t("greenCart.shipping.parcels")}
                <select name="parcels" defaultValue={cart.parcels} className="mt-1 block h-10 w-full rounded-xl border border-line bg-white px-3 font-normal">
                  {[1, 2, 3].map((n) => (
                    <option key={n} value={n}>
                      {t("greenCart.shipping.parcelCount", { count: n })}
                    </option>
                  ))}
                </select>
              </label>
              <noscript>
                <button type="submit" className="rounded-xl border border-line px-3 py-1 text-sm font-semibold">
                  {t("greenCart.shipping.update")}
                </button>
              </noscript>
            </Form>
            <Form method="post" className="rounded-xl border border-line p-3 text-sm">
              <input type="hidden" name="intent" value="express" />
              <input type="hidden" name="on" value={cart.expressGrading ? "0" : "1"} />
              <p className="font-semibold">{t("greenCart.express.title")}</p>
              <p className="text-muted">
                {t("greenCart.express.text")} <Price cents={EXPRESS_GRADING_FEE_CENTS} />
              </p>
              <button type="submit" disabled={busy} className="mt-2 font-semibold text-[var(--accent)] underline" aria-pressed={cart.expressGrading}>
                {cart.expressGrading ? t("greenCart.express.remove") : t("greenCart.express.add")}
              </button>
              {problem?.intent === "express" && (
                <p role="alert" className="mt-1 text-red-700">
                  {t(problem.key)}
                </p>
              )}
            </Form>
            <CouponForm
              code={cart.couponCode}
              texts={{ label: t("greenCart.coupon.label"), apply: t("greenCart.coupon.apply"), applied: t("greenCart.coupon.applied"), remove: t("greenCart.coupon.remove") }}
              error={problem?.intent === "coupon" ? t(problem.key) : null}
              busy={busy}
            />
            {problem && problem.intent !== "coupon" && problem.intent !== "express" && (
              <p role="alert" className="text-sm text-red-700">
                {t(problem.key)}
              </p>
            )}
            <PrepareErrors errors={cart.errors} />
            <SellTotals cart={cart} />
            {cart.errors.length > 0 ? (
              <p className="rounded-xl bg-canvas p-3 text-sm text-muted">{t("greenCart.blocked")}</p>
            ) : (
              <Link to="/checkout/sell" data-primary-action className="block rounded-full bg-[var(--accent)] px-6 py-3 text-center font-semibold text-white">
                {t("greenCart.toCheckout")}
              </Link>
            )}
          </aside>
        </div>
      )}
    </>
  );
}
