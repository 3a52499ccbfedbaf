import { Link } from "react-router";
import type { ApiClient } from "../../api-client/client.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { tradeInHref } from "../../../domain/routing/sell-paths.ts";

type SellItem = Awaited<ReturnType<ApiClient["tradeInSearch"]>>["items"][number];

/** Devices the shop buys, each leading to its condition questions, with the best-condition payout. */
export function SellProductGrid({ items, label }: { items: SellItem[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={label} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item, i) => (
        <li key={item.id}>
          <Link to={tradeInHref(item.id, item.slug)} className="flex h-full flex-col rounded-2xl border border-line bg-white p-3 hover:border-[var(--accent)] focus-visible:border-[var(--accent)]">
            <div className="aspect-square overflow-hidden rounded-xl bg-canvas">
              {item.imageUrl && <img src={item.imageUrl} alt="" width={400} height={400} loading={i < 4 ? "eager" : "lazy"} decoding="async" className="h-full w-full object-contain" />}
            </div>
            <h3 className="mt-3 line-clamp-2 text-sm font-semibold leading-snug">{item.name}</h3>
            <p className="mt-auto pt-2 text-sm">
              <span className="text-muted">{t("sell.search.upTo")} </span>
              <Price cents={item.maxPayout} className="text-lg font-bold text-[var(--accent)]" />
            </p>
            <span className="mt-2 rounded-full bg-[var(--accent)] px-3 py-1.5 text-center text-sm font-semibold text-white">{t("sell.search.sellThis")}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
