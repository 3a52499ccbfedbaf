import { useEffect } from "react";
import { track } from "../features/analytics/track.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { data, Link, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/product";
import { selectVariant } from "../../domain/catalogue/variant-selection.ts";
import { parseProductRef, productHref } from "../../domain/routing/paths.ts";
import { isApiError } from "../api-client/client.ts";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { GradePicker } from "../components/grade-picker.tsx";
import { ProductGallery } from "../components/product-gallery.tsx";
import { Price } from "../components/price.tsx";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const wristband = url.searchParams.get("wristbandId");
  try {
    const view = await context.api.product(ref.id, context.locale, wristband ? Number(wristband) : undefined);
    if (ref.slug !== view.product_slug) {
      throw redirect(productHref(ref.id, view.product_slug) + url.search, 301);
    }
    return { view, locale: context.locale, variantParam: url.searchParams.get("variant") };
  } catch (error) {
    if (isApiError(error, 404)) throw data(null, { status: 404 });
    if (isApiError(error, 400)) throw data(null, { status: 400 });
    throw error;
  }
}

/** A single segment that is no product reference is an unknown page: load it whole, like the catch-all does. */
export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  if (!parseProductRef(params.productRef)) {
    const url = new URL(request.url);
    window.location.assign(url.pathname + url.search);
    return new Promise<never>(() => {});
  }
  return serverLoader();
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, locale, variantParam } = loaderData;
  const { hash } = useLocation();
  const { product } = view;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const selected = selectVariant(product.variantPicker, { hash: hash.replace(/^#/, ""), param: variantParam });
  useEffect(() => {
    track({ name: "view_item", value: (product.priceMin ?? product.bluePrice) / 100, items: [{ item_id: String(product.id), item_name: product.name }] });
  }, [product.id, product.name, product.priceMin, product.bluePrice]);
  return (
    <>
      <title>{t("product.metaTitle", { name: product.name })}</title>
      {root && <link rel="canonical" href={new URL(productHref(product.id, view.product_slug), root.publicUrl).href} />}
      <meta name="description" content={t("product.metaDescription", { name: product.name })} />
      <Breadcrumbs locale={locale} items={view.categories} current={product.name} />
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery media={view.media} name={product.name} />
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-muted">{product.brand}</p>
          <h1 className="mt-1 text-2xl font-extrabold leading-tight md:text-3xl">{product.name}</h1>
          <div className="mt-4 flex items-baseline gap-3" aria-live="polite">
            {selected ? (
              <>
                <Price cents={selected.price} className="text-3xl font-extrabold" />
                <span className="text-sm text-muted">
                  {t("product.newPrice")} <Price cents={product.bluePrice} className="line-through" />
                </span>
              </>
            ) : (
              <p className="text-lg font-semibold text-muted">{t("product.outOfStock")}</p>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">{t("product.vatIncluded")}</p>
          <GradePicker variants={product.variantPicker} selected={selected?.label} />
          {product.inStockCount > 0 && <p className="mt-4 text-sm text-green-accent">{t("product.inStock", { count: product.inStockCount })}</p>}
          {Object.keys(product.attributes).length > 0 && (
            <section className="mt-8">
              <h2 className="text-lg font-bold">{t("product.details")}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                {Object.entries(product.attributes).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-muted">{t(`product.attributes.${key}`, { defaultValue: key })}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
                {product.identifiers.ean && (
                  <div className="contents">
                    <dt className="text-muted">EAN</dt>
                    <dd>{product.identifiers.ean}</dd>
                  </div>
                )}
                {product.identifiers.isbn && (
                  <div className="contents">
                    <dt className="text-muted">ISBN</dt>
                    <dd>{product.identifiers.isbn}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}
          {(view.relations.storage.length > 0 || view.relations.colour.length > 0) && (
            <section className="mt-8">
              <h2 className="text-lg font-bold">{t("product.otherVersions")}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {[...view.relations.storage, ...view.relations.colour].map((r) => (
                  <li key={r.id}>
                    <Link to={productHref(r.id, r.slug)} className="block rounded-full border border-line px-3 py-1.5 text-sm hover:border-[var(--accent)]">
                      {[r.propRom, r.propColor].filter(Boolean).join(" · ") || r.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
