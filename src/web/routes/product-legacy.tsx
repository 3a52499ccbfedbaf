import { data, redirect } from "react-router";
import type { Route } from "./+types/product-legacy";
import { productHref } from "../../domain/routing/paths.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { storefront } from "../load-context.ts";

/** /p/{basicSanitizedName}/{id} is the alternative product URL: it answers with the canonical one. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const view = await storefront(context).api.product(id, storefront(context).locale);
    throw redirect(productHref(id, view.product_slug) + url.search, 301);
  } catch (error) {
    pageNotFoundOn(error);
  }
}
