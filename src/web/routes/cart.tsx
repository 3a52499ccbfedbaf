import { loadMessageGroup } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/cart";
import { RecommendationSlot } from "../features/recommendations/slot.tsx";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

export async function loader({ context }: Route.LoaderArgs) {
  // An empty cart offers what others buy; with items it will offer what goes with them.
  return { suggestions: context.api.recommendations({ type: "bestsellers", location: "cart", pageSize: 12 }).catch(() => null) };
}

/** The buy cart. Adding to it arrives with the cart feature; until something is added it is empty. */
export default function Cart({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("cart.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("cart.title")}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center">
        <p className="text-lg font-semibold">{t("cart.empty.title")}</p>
        <p className="mt-1 text-muted">{t("cart.empty.text")}</p>
        <Link to="/" className="mt-6 inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("cart.empty.action")}
        </Link>
      </div>
      <RecommendationSlot view={loaderData.suggestions} slot="cart-empty" title={t("recommendations.titles.bestsellers")} />
    </>
  );
}
