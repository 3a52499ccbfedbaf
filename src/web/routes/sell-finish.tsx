import { Link } from "react-router";
import type { Route } from "./+types/sell-finish";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { Price } from "../components/price.tsx";
import { SellSteps } from "../features/trade-in/sell-steps.tsx";
import { loadOwnSale } from "../features/account/own-sale.ts";
import { CARRIER_NAMES } from "../../domain/selling/sell-cart-rules.ts";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadOwnSale(params.saleUuid, url, context);
}

/** Sold: the sale's number, its label to print, and what happens next. */
export default function SellFinish({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sale } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <title>{t("sell.finish.title")}</title>
      <meta name="robots" content="noindex" />
      <SellSteps current="ship" />
      <section className="rounded-3xl border-2 border-[var(--accent)] p-6 md:p-8">
        <h1 className="text-2xl font-extrabold">{t("sell.finish.title")}</h1>
        <p className="mt-2">{t("sell.finish.number", { number: sale.number })}</p>
        <p className="mt-1">
          {t("sell.finish.payout")} <Price cents={sale.totals.payout.amount} className="font-bold" />
        </p>
        <a href={sale.labelUrl} target="_blank" rel="noreferrer" className="mt-6 inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white" data-testid="label-link">
          {t("sell.finish.label", { count: sale.parcels })}
        </a>
        <ol className="mt-6 list-decimal space-y-2 pl-5">
          <li>{t("sell.finish.steps.print")}</li>
          <li>{t("sell.finish.steps.pack")}</li>
          <li>{t("sell.finish.steps.ship", { carrier: CARRIER_NAMES[sale.carrier] })}</li>
          <li>{t("sell.finish.steps.wait")}</li>
        </ol>
        <p className="mt-4 text-sm text-muted">{t("sell.finish.mail")}</p>
        <Link to={`/my/sales/${sale.uuid}`} className="mt-6 inline-block font-semibold text-[var(--accent)] underline">
          {t("sell.finish.track")}
        </Link>
      </section>
    </div>
  );
}
