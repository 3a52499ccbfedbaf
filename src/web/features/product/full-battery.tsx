import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Price } from "../../components/price.tsx";

/** The full-battery option of category 1112: a switch that lives in the URL (?fullBattery=1). */
export function FullBatteryOption({ available, chosen, price }: { available: boolean; chosen: boolean; price: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (chosen) params.delete("fullBattery");
  else params.set("fullBattery", "1");
  const qs = params.toString();
  const body = (
    <>
      <span className={`flex h-6 w-11 shrink-0 items-center rounded-full p-0.5 transition ${chosen ? "bg-[var(--accent)]" : "bg-line"}`} aria-hidden="true">
        <span className={`h-5 w-5 rounded-full bg-white shadow transition ${chosen ? "translate-x-5" : ""}`} />
      </span>
      <span className="flex-1">
        <span className="font-semibold">{t("product.fullBattery.title")}</span>
        <span className="block text-xs text-muted">{available ? t("product.fullBattery.text") : t("product.fullBattery.unavailable")}</span>
      </span>
      {available && (
        <span className="text-sm font-semibold">
          + <Price cents={price} />
        </span>
      )}
    </>
  );
  const base = "mt-4 flex items-center gap-3 rounded-xl border border-line px-4 py-3";
  return available ? (
    <Link to={`${location.pathname}${qs ? `?${qs}` : ""}${location.hash}`} replace preventScrollReset role="switch" aria-checked={chosen} className={`${base} hover:border-[var(--accent)]`}>
      {body}
    </Link>
  ) : (
    <div role="switch" aria-checked={false} aria-disabled="true" className={`${base} opacity-60`}>
      {body}
    </div>
  );
}
