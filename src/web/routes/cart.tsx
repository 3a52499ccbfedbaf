import { loadMessageGroup } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/cart";
import { EmptyState } from "../components/empty-state.tsx";
import { BrowserRecommendationSlot, RecommendationSlot } from "../features/recommendations/slot.tsx";
import { CartTotals, DispatchPromise } from "../features/cart/cart-summary.tsx";
import { useRepairToasts } from "../features/cart/repair-toasts.ts";
import type { CartRemoveItemError, CartSetCouponError, CartUpdateItemError, CartUpdateOptionsError, CartView, RecommendationParams } from "../../api/contract.ts";
import { byCode, isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { Price } from "../components/price.tsx";
import { CartTabs } from "../features/cart/cart-tabs.tsx";
import { CouponForm } from "../features/cart/coupon-form.tsx";
import { TradeInCredit } from "../features/cart/trade-in-credit.tsx";
import { storefront } from "../load-context.ts";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = storefront(context);
  // Asked together; the cart first, so the render's one read of the cart's row brings its lines too.
  const [cart, tradeIn] = await Promise.all([
    api.cart(),
    // The sell cart's offers show as credit here: what the customer gets back once the devices are accepted.
    api
      .sellCart()
      .then((green) => ({ count: green.orderProductsCount, payout: green.totals.payout.amount }))
      .catch(() => null),
  ]);
  // An empty cart's suggestions are its content (and the page kept for visitors without a cart): rendered here.
  const suggestions = cart.itemCount === 0 ? api.recommendations(suggestionsFor(cart)).catch(() => null) : null;
  return { cart, tradeIn, suggestions };
}

/**
 * What the cart suggests: what goes with its first item, or what others buy when it is empty.
 * Below a filled cart the browser asks for it: it is the same for every cart with that first item,
 * so a filled cart's render (always for one visitor) does not spend its time on it.
 */
function suggestionsFor(cart: CartView): RecommendationParams {
  const first = cart.items[0];
  return first
    ? { type: "similar", fallbackType: "bestsellers", location: "cart", productId: first.product.id, categoryId: first.product.categoryId, pageSize: 12 }
    : { type: "bestsellers", location: "cart", pageSize: 12 };
}

/** A coupon the cart refuses, by code: every COUPON:: code the operation answers has its text. */
const COUPON_ERRORS: Record<Extract<CartSetCouponError, `COUPON::${string}`>, string> = {
  "COUPON::INVALID": "cart.coupon.errors.invalid",
  "COUPON::EXPIRED": "cart.coupon.errors.expired",
  "COUPON::MIN_ORDER_VALUE": "cart.coupon.errors.minOrderValue",
  "COUPON::ALREADY_USED": "cart.coupon.errors.alreadyUsed",
  "COUPON::INSTALLMENTS_MULTI_ITEM_ORDER_NOT_ALLOWED": "cart.coupon.errors.installments",
};

/** Every change of the cart page: remove, grade or battery, coupon, insurance. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const item = String(form.get("item") ?? "");
  try {
    switch (intent) {
      case "remove":
        return { cart: await storefront(context).api.cartRemove(item) };
      case "battery":
        return { cart: await storefront(context).api.cartUpdate(item, { withFullBattery: form.get("withFullBattery") === "1" }) };
      case "coupon": {
        const { body, setCookies } = await storefront(context).api.cartSetCoupon(String(form.get("code") ?? "").trim());
        return data({ cart: body }, { headers: setCookies.map((c) => ["Set-Cookie", c] as [string, string]) });
      }
      case "remove-coupon":
        return { cart: await storefront(context).api.cartRemoveCoupon() };
      case "insurance":
        return { cart: await storefront(context).api.cartOptions({ insurance: form.get("insurance") === "1" }) };
      default:
        throw data("Unknown form.", { status: 400 });
    }
  } catch (error) {
    if (!isApiError<CartRemoveItemError | CartUpdateItemError | CartSetCouponError | CartUpdateOptionsError>(error) || error.status >= 500) throw error;
    if (error.status === 404) return redirectWithFlash("/checkout/cart", [], { notice: ["cart.errors.changed"] });
    const code = error.code;
    return data({ problem: { intent, key: byCode(COUPON_ERRORS, code) ?? (code?.startsWith("COUPON::") ? "cart.coupon.errors.invalid" : "cart.errors.default") } }, { status: 400 });
  }
}

function ItemRow({ item, busy }: { item: Route.ComponentProps["loaderData"]["cart"]["items"][number]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="flex gap-4 py-5" data-testid="cart-item">
      <Link to={productHref(item.product.id, item.product.slug)} className="shrink-0">
        {item.product.imageUrl ? (
          <img src={item.product.imageUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-xl bg-canvas object-contain" />
        ) : (
          <span className="block h-24 w-24 rounded-xl bg-canvas" />
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{item.product.brand}</p>
        <Link to={productHref(item.product.id, item.product.slug)} className="font-semibold hover:underline">
          {item.product.name}
        </Link>
        <p className="text-sm text-muted">{t("cart.item.grade", { grade: t(`grades.${item.variant.label}.name`) })}</p>
        {!item.available && (
          <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {t("cart.item.unavailable")}
          </p>
        )}
        {(item.fullBatteryOffered || item.withFullBattery) && (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="battery" />
            <input type="hidden" name="item" value={item.uuid} />
            <input type="hidden" name="withFullBattery" value={item.withFullBattery ? "0" : "1"} />
            <button type="submit" disabled={busy} className="text-sm font-semibold text-[var(--accent)] underline" aria-pressed={item.withFullBattery}>
              {item.withFullBattery ? t("cart.item.batteryOff") : t("cart.item.batteryOn")}
            </button>
          </Form>
        )}
      </div>
      <div className="flex flex-col items-end justify-between">
        <div className="text-right">
          <Price cents={item.price.amount} className="font-bold" />
          {item.discount.amount > 0 && (
            <p className="text-xs text-green-accent">
              −<Price cents={item.discount.amount} />
            </p>
          )}
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="item" value={item.uuid} />
          <button type="submit" disabled={busy} className="text-sm text-muted underline hover:text-ink" aria-label={t("cart.item.removeNamed", { name: item.product.name })}>
            {t("cart.item.remove")}
          </button>
        </Form>
      </div>
    </li>
  );
}

/** The buy cart: items, coupon, insurance and totals, and the way to the checkout. */
export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const cart = (actionData && "cart" in actionData ? actionData.cart : null) ?? loaderData.cart;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  useRepairToasts(cart.repairs);
  const blocked = cart.items.some((i) => !i.available);
  return (
    <>
      <title>{t("cart.title")}</title>
      <meta name="robots" content="noindex" />
      <CartTabs buyCount={cart.itemCount} sellCount={loaderData.tradeIn?.count ?? null} />
      <h1 className="text-2xl font-extrabold">{cart.itemCount ? t("cart.titleWithCount", { count: cart.itemCount }) : t("cart.title")}</h1>
      {cart.itemCount === 0 ? (
        <EmptyState title={t("cart.empty.title")} text={t("cart.empty.text")} action={{ to: "/", label: t("cart.empty.action") }} />
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
          <ul className="divide-y divide-line" aria-busy={busy}>
            {cart.items.map((item) => (
              <ItemRow key={item.uuid} item={item} busy={busy} />
            ))}
          </ul>
          <aside className="h-fit space-y-5 rounded-2xl border border-line p-5">
            <DispatchPromise cart={cart} />
            <CouponForm
              code={cart.couponCode}
              texts={{ label: t("cart.coupon.label"), apply: t("cart.coupon.apply"), applied: t("cart.coupon.applied"), remove: t("cart.coupon.remove") }}
              error={problem?.intent === "coupon" ? t(problem.key) : null}
              busy={busy}
              defaultValue={cart.simulatedCoupon && !cart.simulatedCoupon.problem ? cart.simulatedCoupon.code : ""}
            >
              {cart.simulatedCoupon && !cart.simulatedCoupon.problem && cart.simulatedCoupon.discount.amount > 0 && (
                <p className="mt-2 text-sm text-green-accent" data-testid="coupon-simulation">
                  {t("cart.coupon.simulated", { code: cart.simulatedCoupon.code })} <Price cents={cart.simulatedCoupon.discount.amount} />
                </p>
              )}
            </CouponForm>
            {cart.insurance.offered && cart.insurance.price && (
              <Form method="post" className="rounded-xl border border-line p-3 text-sm">
                <input type="hidden" name="intent" value="insurance" />
                <input type="hidden" name="insurance" value={cart.insurance.chosen ? "0" : "1"} />
                <p className="font-semibold">{t("cart.insurance.title")}</p>
                <p className="text-muted">
                  {t("cart.insurance.text")} <Price cents={cart.insurance.price.amount} />
                </p>
                <button type="submit" disabled={busy} className="mt-2 font-semibold text-[var(--accent)] underline" aria-pressed={cart.insurance.chosen}>
                  {cart.insurance.chosen ? t("cart.insurance.remove") : t("cart.insurance.add")}
                </button>
              </Form>
            )}
            {problem && problem.intent !== "coupon" && (
              <p role="alert" className="text-sm text-red-700">
                {t(problem.key)}
              </p>
            )}
            <CartTotals cart={cart} />
            {loaderData.tradeIn && <TradeInCredit tradeIn={loaderData.tradeIn} total={cart.totals.total.amount} />}
            {blocked ? (
              <p className="rounded-xl bg-red-50 p-3 text-sm text-red-800">{t("cart.blocked")}</p>
            ) : (
              <Link to="/checkout/address" data-primary-action className="block rounded-full bg-[var(--accent)] px-6 py-3 text-center font-semibold text-white hover:bg-[var(--accent-dark)]">
                {t("cart.toCheckout")}
              </Link>
            )}
          </aside>
        </div>
      )}
      {loaderData.suggestions ? (
        <RecommendationSlot view={loaderData.suggestions} slot="cart-empty" title={t("recommendations.titles.bestsellers")} />
      ) : (
        <BrowserRecommendationSlot request={suggestionsFor(cart)} slot={cart.itemCount ? "cart" : "cart-empty"} title={t(cart.itemCount ? "recommendations.similar" : "recommendations.titles.bestsellers")} />
      )}
    </>
  );
}
