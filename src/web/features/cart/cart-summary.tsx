import type { CartView } from "../../../api/contract.ts";
import { vatSchemeOf } from "../../../domain/checkout/orders.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Price } from "../../components/price.tsx";

/** Amounts in cents as a cart or an order states them. */
export interface Totals {
  itemCount?: number;
  items?: number;
  discount: number;
  couponCode: string | null;
  insurance: number;
  shipping: number;
  total: number;
  /** Some item is used, sold under the margin scheme. */
  margin: boolean;
}

/** Items, coupon, insurance, shipping, total, and what VAT means here: for carts and orders alike. */
export function TotalsList({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-testid="totals">
      {totals.items !== undefined && (
        <>
          <dt>{t("cart.totals.items", { count: totals.itemCount ?? 0 })}</dt>
          <dd className="text-right">
            <Price cents={totals.items} />
          </dd>
        </>
      )}
      {totals.discount > 0 && (
        <>
          <dt>{t("cart.totals.discount", { code: totals.couponCode ?? "" })}</dt>
          <dd className="text-right text-green-accent">
            −<Price cents={totals.discount} />
          </dd>
        </>
      )}
      {totals.insurance > 0 && (
        <>
          <dt>{t("cart.totals.insurance")}</dt>
          <dd className="text-right">
            <Price cents={totals.insurance} />
          </dd>
        </>
      )}
      <dt>{t("cart.totals.shipping")}</dt>
      <dd className="text-right">{totals.shipping === 0 ? t("cart.totals.free") : <Price cents={totals.shipping} />}</dd>
      <dt className="mt-2 border-t border-line pt-2 text-base font-bold">{t("cart.totals.total")}</dt>
      <dd className="mt-2 border-t border-line pt-2 text-right text-base font-bold" data-testid="total">
        <Price cents={totals.total} />
      </dd>
      <dd className="col-span-2 mt-1 text-xs text-muted">{totals.margin ? t("cart.totals.marginScheme") : t("cart.totals.vatIncluded")}</dd>
    </dl>
  );
}

/** The cart's totals, on every checkout step. */
export function CartTotals({ cart }: { cart: CartView }) {
  return (
    <TotalsList
      totals={{
        itemCount: cart.itemCount,
        items: cart.totals.items.amount,
        discount: cart.totals.discount.amount,
        couponCode: cart.couponCode,
        insurance: cart.totals.insurance.amount,
        shipping: cart.totals.shipping.amount,
        total: cart.totals.total.amount,
        margin: cart.items.some((i) => vatSchemeOf(i.variant.label) === "margin"),
      }}
    />
  );
}

/** "Ships in 1–2 working days", from the cart's dispatch days. */
export function DispatchPromise({ cart }: { cart: Pick<CartView, "minDaysUntilDispatch" | "maxDaysUntilDispatch"> }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-green-accent" data-testid="dispatch">
      {cart.minDaysUntilDispatch === cart.maxDaysUntilDispatch
        ? t("cart.dispatch.exact", { count: cart.maxDaysUntilDispatch })
        : t("cart.dispatch.range", { min: cart.minDaysUntilDispatch, max: cart.maxDaysUntilDispatch })}
    </p>
  );
}
