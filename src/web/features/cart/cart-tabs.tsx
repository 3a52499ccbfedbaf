import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";

/** The cart holds both sides: what the customer buys and what they sell; a tab each. */
export function CartTabs({ buyCount, sellCount }: { buyCount: number | null; sellCount: number | null }) {
  const { t } = useTranslation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-ink text-white" : "border border-line text-ink hover:bg-canvas"}`;
  return (
    <nav aria-label={t("cart.tabs.label")} className="mb-5 flex gap-2">
      <NavLink to="/checkout/cart" end className={tab}>
        {t("cart.tabs.buy")}
        {buyCount ? ` (${buyCount})` : ""}
      </NavLink>
      <NavLink to="/checkout/cart/sell" className={tab}>
        {t("cart.tabs.sell")}
        {sellCount ? ` (${sellCount})` : ""}
      </NavLink>
    </nav>
  );
}
