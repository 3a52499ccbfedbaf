import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/wishlist";
import { EmptyState } from "../components/empty-state.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { isApiError } from "../api-client/client.ts";
import { readForm, sameSiteReferer } from "../shell/forms.ts";
import { redirectWithFlash } from "../shell/cookies.ts";
import { requireCustomer } from "../features/account/require-customer.ts";
import { loginFor } from "../features/account/pending-action.ts";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { Price } from "../components/price.tsx";
import { Pagination } from "../components/pagination.tsx";
import { productHref } from "../../domain/routing/paths.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireCustomer(url, context);
  const page = Math.min(1000, Math.max(1, Number(url.searchParams.get("page")) || 1));
  const inStock = url.searchParams.get("inStock") === "1";
  const wishlist = await storefront(context).api.wishlist({ page, ...(inStock ? { inStock } : {}) });
  // Past the last page (the list got shorter): the last page there is.
  if (wishlist.items.length === 0 && page > 1 && wishlist.totalPages > 0) throw redirect(`/wishlist?page=${wishlist.totalPages}${inStock ? "&inStock=1" : ""}`, 303);
  return { wishlist, inStock, unsubscribed: url.searchParams.has("unsubscribed") };
}

/** Puts a product on the wishlist or takes it off, from any page; a visitor logs in first and it happens then. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const productId = Number(form.get("productId"));
  if (!Number.isInteger(productId) || productId <= 0) throw data("Which product?", { status: 400 });
  const adding = form.get("intent") !== "remove";
  const back = safeRedirectTarget(sameSiteReferer(request), "/wishlist");
  try {
    if (adding) await storefront(context).api.watchlistPut(productId);
    else await storefront(context).api.watchlistDelete(productId);
    return redirectWithFlash(back, [], { success: [adding ? "blue.wishlist.flash.added" : "blue.wishlist.flash.removed"] });
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(loginFor({ kind: "wish", productId }, back), 303);
    if (!isApiError(error) || error.status >= 500) throw error;
    return redirectWithFlash(back, [], { danger: ["blue.wishlist.flash.addFailure"] });
  }
}

/** The wishlist, a page of the account (with its navigation): what the customer wished, newest first, with price drops since; paged, and filtered to what is in stock. */
export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { wishlist, inStock, unsubscribed } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <AccountFrame title={t("wishlist.title")}>
      {unsubscribed && <p className="mt-3 rounded-xl bg-canvas p-3 text-sm">{t("wishlist.unsubscribed")}</p>}
      <Form method="get" className="mt-4 flex items-center gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="inStock" value="1" defaultChecked={inStock} onChange={(e) => e.currentTarget.form?.requestSubmit()} className="accent-[var(--accent)]" />
          {t("wishlist.onlyInStock")}
        </label>
        <noscript>
          <button type="submit" className="rounded-xl border border-line px-3 py-1">
            {t("wishlist.apply")}
          </button>
        </noscript>
      </Form>
      {wishlist.total === 0 ? (
        <EmptyState title={inStock ? t("wishlist.emptyInStock") : t("wishlist.empty.title")} text={t("wishlist.empty.text")} action={{ to: "/", label: t("wishlist.empty.action") }} />
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">{t("wishlist.count", { count: wishlist.total })}</p>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="wishlist" aria-busy={busy}>
            {wishlist.items.map(({ product, priceDrop }) => (
              <li key={product.id} className="flex flex-col rounded-2xl border border-line p-3">
                <Link to={productHref(product.id, product.slug)} className="block">
                  <div className="aspect-square overflow-hidden rounded-xl bg-canvas">
                    {product.imageUrl && <img src={product.imageUrl} alt="" width={300} height={300} loading="lazy" className="h-full w-full object-contain" />}
                  </div>
                  <h2 className="mt-2 line-clamp-2 text-sm font-semibold">{product.name}</h2>
                </Link>
                <p className="mt-auto pt-2 text-sm">
                  {product.price ? <Price cents={product.price.amount} className="font-bold" /> : <span className="text-muted">{t("wishlist.soldOut")}</span>}
                </p>
                {priceDrop && (
                  <p className="text-xs font-semibold text-green-accent">
                    {t("wishlist.cheaper")} <Price cents={priceDrop.amount} />
                  </p>
                )}
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="productId" value={product.id} />
                  <button type="submit" disabled={busy} className="text-sm text-muted underline" aria-label={t("wishlist.removeNamed", { name: product.name })}>
                    {t("wishlist.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Pagination page={wishlist.page} totalPages={wishlist.totalPages} />
        </>
      )}
    </AccountFrame>
  );
}
