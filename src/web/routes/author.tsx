import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { ProductCount } from "../components/product-count.tsx";
import type { Route } from "./+types/author";
import { parseListParams } from "../../domain/catalogue/list-params.ts";
import { ProductListSection } from "../features/product-list/product-list-section.tsx";
import { wishedAmong } from "../features/product-list/wished.ts";
import { ListEmpty } from "../components/product-card.tsx";
import { storefront } from "../load-context.ts";

// Texts of lists and of this page are not in the first-load bundle: they arrive with its code.
await Promise.all([loadMessageGroup("browse"), loadPageMessages()]);

/** Books are sold by author: the "brand" of a book is who wrote it. */
export const BOOKS_CATEGORY_ID = 20;

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const author = params.authorName.trim().slice(0, 60);
  const listParams = { ...parseListParams(url.searchParams), brand: [author] };
  const list = await storefront(context).api.productList({ locale: storefront(context).locale, categoryId: BOOKS_CATEGORY_ID, pathname: url.pathname, ...listParams }).catch(pageNotFoundOn);
  return { author, list, listParams, wished: await wishedAmong(request, context, list.items) };
}

export default function Author({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { author, list, listParams, wished } = loaderData;
  return (
    <>
      <title>{t("authors.authorTitle", { author })}</title>
      <h1 className="text-2xl font-extrabold md:text-3xl">{t("authors.authorTitle", { author })}</h1>
      <ProductCount total={list.total} />
      {list.total === 0 ? <div className="mt-6"><ListEmpty /></div> : <ProductListSection list={list} params={listParams} label={author} wished={wished} />}
    </>
  );
}
