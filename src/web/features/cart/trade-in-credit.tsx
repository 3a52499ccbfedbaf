import { Link } from "react-router";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { netAfterTradeIn } from "../../../domain/selling/sell-cart-rules.ts";

/**
 * Trade-in beside the purchase: the sell cart's payout as credit against the order (paid out once
 * the devices pass inspection), or an invitation to add a device.
 */
export function TradeInCredit({ tradeIn, total }: { tradeIn: { count: number; payout: number }; total: number }) {
  const { t } = useTranslation();
  if (tradeIn.count <= 0) {
    return (
      <div className="rounded-xl bg-canvas p-3 text-sm">
        <p className="font-semibold">{t("cart.tradeIn.title")}</p>
        <p className="text-muted">{t("cart.tradeIn.invite")}</p>
        <Link to="/checkout/cart/sell" className="mt-1 inline-block font-semibold underline">
          {t("cart.tradeIn.add")}
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-xl bg-canvas p-3 text-sm" data-testid="trade-in-credit">
      <div className="flex justify-between gap-3">
        <span className="font-semibold">{t("cart.tradeIn.credit", { count: tradeIn.count })}</span>
        <span>
          −<Price cents={tradeIn.payout} />
        </span>
      </div>
      <div className="mt-1 flex justify-between gap-3 font-bold">
        <span>{t("cart.tradeIn.net")}</span>
        <Price cents={netAfterTradeIn(total, tradeIn.payout)} />
      </div>
      <p className="mt-1 text-xs text-muted">{t("cart.tradeIn.paidLater")}</p>
      <Link to="/checkout/cart/sell" className="mt-1 inline-block font-semibold underline">
        {t("cart.tradeIn.view")}
      </Link>
    </div>
  );
}
