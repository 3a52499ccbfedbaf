import { data } from "react-router";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/recommendations";
import { RECOMMENDATION_TYPES, type RecommendationType } from "../../domain/catalogue/recommendations.ts";
import { ListEmpty } from "../components/product-card.tsx";
import { ProductTile } from "../components/product-tile.tsx";
import { storefront } from "../load-context.ts";

/** /recommendations/{type}[?productId=…]: everything a slot would recommend, as a page. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const type = params.type as RecommendationType;
  if (!(RECOMMENDATION_TYPES as readonly string[]).includes(type)) throw data(null, { status: 404 });
  const productId = Number(url.searchParams.get("productId"));
  const view = await storefront(context).api.recommendations({
    type,
    fallbackType: "bestsellers",
    location: "list",
    pageSize: 48,
    ...(Number.isInteger(productId) && productId > 0 ? { productId } : {}),
    ...(url.searchParams.get("query") ? { query: url.searchParams.get("query")! } : {}),
  }).catch(pageNotFoundOn);
  return { type, view };
}

export default function Recommendations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = t(`recommendations.titles.${loaderData.type}`);
  const { items } = loaderData.view;
  return (
    <>
      <title>{title}</title>
      <h1 className="mb-6 text-2xl font-extrabold md:text-3xl">{title}</h1>
      {items.length === 0 ? (
        <ListEmpty />
      ) : (
        <ul aria-label={title} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {items.map((p) => (
            <li key={p.id}>
              <ProductTile product={p} layout="tile" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
