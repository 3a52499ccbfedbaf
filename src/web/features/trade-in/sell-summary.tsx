import type { ApiClient } from "../../api-client/client.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { formatMoney } from "../../../domain/money.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { CARRIER_NAMES } from "../../../domain/selling/sell-cart-rules.ts";

type SellCart = Awaited<ReturnType<ApiClient["sellCart"]>>;

/** What stops the checkout, each explained with what to do about it. */
export function PrepareErrors({ errors }: { errors: SellCart["errors"] }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  if (errors.length === 0) return null;
  return (
    <ul className="space-y-2" data-testid="prepare-errors">
      {errors.map((error) => (
        <li key={error.type} role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {error.type === "MinOrderThresholdUnfulfilledErrorDto" &&
            t("greenCart.errors.minOrder", { minimum: formatMoney(error.minimum.amount, locale), missing: formatMoney(error.missing.amount, locale) })}
          {error.type === "InvalidCarrierForCurrentCartErrorDto" &&
            t("greenCart.errors.carrier", { carrier: CARRIER_NAMES[error.carrier], limit: formatMoney(error.carrierLimit.amount, locale) })}
          {error.type === "ExpressGradingNotAvailableErrorDto" && t(`greenCart.errors.express.${error.reason}`)}
        </li>
      ))}
    </ul>
  );
}

/** The payout and how it is made up. */
export function SellTotals({ cart }: { cart: Pick<SellCart, "totals" | "freeLabelFrom" | "couponCode"> }) {
  const { t } = useTranslation();
  const { totals } = cart;
  const row = (label: string, cents: number, sign = "") => (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd>
        {sign}
        <Price cents={cents} />
      </dd>
    </div>
  );
  return (
    <dl className="space-y-1 border-t border-line pt-3 text-sm" data-testid="sell-totals">
      {row(t("greenCart.totals.items"), totals.items.amount)}
      {totals.couponBonus.amount > 0 && row(t("greenCart.totals.couponBonus", { code: cart.couponCode ?? "" }), totals.couponBonus.amount, "+")}
      <div className="flex justify-between gap-4">
        <dt className="text-muted">{t("greenCart.totals.label")}</dt>
        <dd>{totals.labelFee.amount > 0 ? <>−<Price cents={totals.labelFee.amount} /></> : t("greenCart.totals.free")}</dd>
      </div>
      {totals.labelFee.amount > 0 && (
        <p className="text-xs text-muted">
          {t("greenCart.totals.freeLabelFrom")} <Price cents={cart.freeLabelFrom.amount} />
        </p>
      )}
      {totals.expressFee.amount > 0 && row(t("greenCart.totals.express"), totals.expressFee.amount, "−")}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-bold">
        <dt>{t("greenCart.totals.payout")}</dt>
        <dd>
          <Price cents={totals.payout.amount} />
        </dd>
      </div>
    </dl>
  );
}
