import type { ReactNode } from "react";
import type { ApiClient } from "../../api-client/client.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { formatDate } from "../../../domain/dates.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { SellGradeName } from "./sell-grade-name.tsx";

type TradeInOffer = Awaited<ReturnType<ApiClient["tradeInOffer"]>>;

/** The offer the answers give: grade, price and how it is made up, until when it holds; or why the shop cannot buy. */
export function OfferCard({ offer, children }: { offer: TradeInOffer; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  if (!offer.accepted || !offer.price) {
    return (
      <section className="rounded-3xl border border-amber-300 bg-amber-50 p-6" data-testid="trade-in-refusal">
        <h2 className="text-lg font-bold">{t("sell.offer.refusedTitle")}</h2>
        <p className="mt-1">{t(`sell.offer.refusals.${offer.refusal ?? "BELOW_MINIMUM"}`, { name: offer.product.name })}</p>
        {children}
      </section>
    );
  }
  return (
    <section className="rounded-3xl border-2 border-[var(--accent)] p-6" data-testid="trade-in-offer">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{t("sell.offer.title")}</h2>
      <p className="mt-1 text-4xl font-extrabold text-[var(--accent)]">
        <Price cents={offer.price.amount} />
      </p>
      <p className="mt-1 text-sm">
        {t("sell.offer.grade")} <strong>{offer.grade && <SellGradeName grade={offer.grade} />}</strong>
      </p>
      <dl className="mt-4 space-y-1 text-sm">
        {offer.breakdown.map((line) => (
          <div key={line.kind} className="flex justify-between gap-4">
            <dt className="text-muted">{t(`sell.offer.breakdown.${line.kind}`)}</dt>
            <dd className={line.amount.amount < 0 ? "text-red-700" : ""}>
              <Price cents={line.amount.amount} />
            </dd>
          </div>
        ))}
      </dl>
      {offer.validUntil && <p className="mt-3 text-sm text-muted">{t("sell.offer.validUntil", { date: formatDate(offer.validUntil, locale) })}</p>}
      <ul className="mt-3 space-y-1 text-sm">
        <li>✓ {t("sell.offer.freeShipping")}</li>
        <li>✓ {t("sell.offer.freeReturn")}</li>
      </ul>
      {children}
    </section>
  );
}
