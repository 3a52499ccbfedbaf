import { ProductJsonLd } from "../features/product/json-ld.tsx";
import { lazy, Suspense, useEffect, useState } from "react";
import { ProductDescriptionSection } from "../features/product/description.tsx";
import { ProductDetails } from "../features/product/details.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { withDeferredMessages } from "../i18n/client-messages.ts";
import { data, Link, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import { AddToCartButton, ADD_TO_CART_INTENT } from "../features/cart/add-to-cart-button.tsx";
import { addToCart, type AddToCartResult } from "../features/cart/add-to-cart-action.ts";
import { accessoryListReturn, WITHOUT_WRISTBAND, wristbandChoiceBeforeAdd } from "../../domain/checkout/add-to-cart.ts";
import { readForm } from "../shell/forms.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/product";
import { fullBatteryChosen, fullBatteryOffered, selectVariant } from "../../domain/catalogue/variant-selection.ts";
import { parseProductRef, productHref } from "../../domain/routing/paths.ts";
import { isApiError } from "../api-client/client.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { GradePicker } from "../components/grade-picker.tsx";
import { ProductGallery } from "../components/product-gallery.tsx";
import { Price } from "../components/price.tsx";
import { useCustomerPart } from "../shell/personal.tsx";
import { storefront } from "../load-context.ts";

// Below the fold: their code loads after the page's own, their data streams in.
const ProductReviews = lazy(withDeferredMessages(() => import("../features/product/reviews.tsx").then((m) => ({ default: m.ProductReviews }))));
// Only iPhones offer the full battery: other products never load it.
const FullBatteryOption = lazy(() => import("../features/product/full-battery.tsx").then((m) => ({ default: m.FullBatteryOption })));
// The cart's widgets on this page come in one chunk, after the page's own code.
const productPageCart = withDeferredMessages(() => import("../features/cart/product-page-cart.tsx"));
const CouponSimulation = lazy(() => productPageCart().then((m) => ({ default: m.CouponSimulation })));
const AddToCartOutcome = lazy(() => productPageCart().then((m) => ({ default: m.AddToCartOutcome })));
// Other versions and accessories sit below the details: their links and tiles load after the page's own code.
const ProductRelations = lazy(withDeferredMessages(() => import("../features/product/relations.tsx").then((m) => ({ default: m.ProductRelations }))));
// Off the first load: the server renders the forms, which work before this code arrives.
const WatchControls = lazy(withDeferredMessages(() => import("../features/product/watch-controls.tsx").then((m) => ({ default: m.WatchControls }))));
const RecommendationSlot = lazy(() => import("../features/recommendations/slot.tsx").then((m) => ({ default: m.RecommendationSlot })));

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  const wristband = url.searchParams.get("wristbandId");
  try {
    // Wished and alerted only mean something to a customer: visitors without a session are not asked.
    const signedIn = (request.headers.get("cookie") ?? "").includes(`${storefront(context).productName}-session=`);
    const [view, watch] = await Promise.all([
      storefront(context).api.product(ref.id, storefront(context).locale, wristband ? Number(wristband) : undefined),
      signedIn ? storefront(context).api.watchStatus(ref.id).catch(() => null) : null,
    ]);
    if (ref.slug !== view.product_slug) {
      throw redirect(productHref(ref.id, view.product_slug) + url.search, 301);
    }
    // Not awaited: the description streams in after the critical content.
    const description = storefront(context).api.productDescription(ref.id, storefront(context).locale).catch(() => null);
    const similar = storefront(context).api
      .recommendations({ type: "similar", fallbackType: "bestsellers", location: "product", productId: ref.id, categoryId: view.product.categoryId, pageSize: 12 })
      .catch(() => null);
    const reviewsPage = Number(url.searchParams.get("reviewsPage") ?? "1");
    const reviews = storefront(context).api.reviews(ref.id, Number.isInteger(reviewsPage) && reviewsPage >= 1 && reviewsPage <= 10_000 ? reviewsPage : 1).catch(() => null);
    return {
      view,
      watch,
      locale: storefront(context).locale,
      variantParam: url.searchParams.get("variant"),
      fullBatteryParam: url.searchParams.get("fullBattery") === "1",
      searchUuid: url.searchParams.get("searchUuid"),
      accessoryList: accessoryListReturn(url.searchParams.get("accessoryList")),
      description,
      reviews,
      similar,
    };
  } catch (error) {
    if (isApiError(error, 404)) throw data(null, { status: 404 });
    if (isApiError(error, 400)) throw data(null, { status: 400 });
    throw error;
  }
}

/**
 * Add to cart. A watch case without a band goes to the wristband choice first and nothing is added
 * yet: choosing a band there adds case and band in one add ("without band" adds the case alone).
 * Then the accessory list, or the confirmation.
 */
export async function action({ params, request, url, context }: Route.ActionArgs) {
  const ref = parseProductRef(params.productRef);
  if (!ref) throw data(null, { status: 404 });
  const form = await readForm(request);
  if (form.get("intent") !== ADD_TO_CART_INTENT) throw data("Unknown form.", { status: 400 });
  const wristbandId = Number(url.searchParams.get("wristbandId")) || undefined;
  let view;
  try {
    view = await storefront(context).api.product(ref.id, storefront(context).locale, wristbandId);
  } catch (error) {
    pageNotFoundOn(error);
  }
  const isCase = view.relations.wristband.length > 0;
  const label = String(form.get("productVariantLabel") ?? "");
  if (isCase && !view.wristband && form.get(WITHOUT_WRISTBAND) !== "1" && label) {
    const searchUuid = String(form.get("searchUuid") ?? "") || null;
    return redirect(wristbandChoiceBeforeAdd(productHref(ref.id, view.product_slug), url.search, { label, searchUuid }), 303);
  }
  return addToCart(storefront(context).api, form, {
    productId: ref.id,
    chargerCompatible: view.product.chargerCompatible,
    assemblySplit: view.product.assemblySplit,
    ...(view.wristband ? { wristbandId: view.wristband.id } : {}),
    onAccessoryList: false,
  });
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

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as AddToCartResult | undefined;
  const { view, locale, variantParam, fullBatteryParam, description, reviews, similar } = loaderData;
  const { product } = view;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // On the page everyone gets, a customer's heart and alerts are asked for once it is up.
  const watch = useCustomerPart(loaderData.watch, { watchStatus: product.id });
  const location = useLocation();
  // The server never sees the hash: it is applied after hydration, so both renders match first.
  const [hash, setHash] = useState("");
  useEffect(() => {
    const read = () => setHash(window.location.hash.replace(/^#/, ""));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const selected = selectVariant(product.variantPicker, { hash, param: variantParam });
  const withBattery = fullBatteryChosen({ categoryIds: product.category_id, variant: selected, optionOn: fullBatteryParam });
  const price = selected ? selected.price + (withBattery ? selected.fullBatteryPrice : 0) : undefined;
  const canonical = root ? new URL(productHref(product.id, view.product_slug), root.publicUrl).href : undefined;
  useEffect(() => {
    // After the page is up, so neither is part of its first load.
    void import("../shell/analytics.ts").then(({ track }) =>
      track({ name: "view_item", value: (product.priceMin ?? product.newPrice) / 100, items: [{ item_id: String(product.id), item_name: product.name }] }),
    );
    void import("../features/recommendations/viewed-products.ts").then(({ rememberViewed }) => rememberViewed(product.id));
  }, [product.id, product.name, product.priceMin, product.newPrice]);
  return (
    <>
      <title>{t("product.metaTitle", { name: product.name })}</title>
      <meta name="description" content={t("product.metaDescription", { name: product.name })} />
      {canonical && <link rel="canonical" href={canonical} />}
      {canonical && root && <ProductJsonLd view={view} url={canonical} publicUrl={root.publicUrl} />}
      <Breadcrumbs locale={locale} items={view.categories} current={product.name} />
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery media={view.media} name={product.name} />
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-muted">{product.brand}</p>
          <h1 className="mt-1 text-2xl font-extrabold leading-tight md:text-3xl">{product.name}</h1>
          {product.coupon?.active && (
            <p className="mt-2 inline-block rounded-full bg-amber-300 px-3 py-1 text-sm font-bold">
              {t("product.couponBadge", { code: product.coupon.code, percent: product.coupon.percentOff })}
            </p>
          )}
          {product.coupon?.active && (
            <Suspense fallback={null}>
              <CouponSimulation productId={product.id} />
            </Suspense>
          )}
          <div className="mt-4 flex items-baseline gap-3" aria-live="polite">
            {price !== undefined ? (
              <>
                <Price cents={price} className="text-3xl font-extrabold" />
                <span className="text-sm text-muted">
                  {t("product.newPrice")} <Price cents={product.newPrice} className="line-through" />
                </span>
              </>
            ) : (
              <p className="text-lg font-semibold text-muted">{t("product.outOfStock")}</p>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">{t("product.vatIncluded")}</p>
          <GradePicker variants={product.variantPicker} selected={selected?.label} />
          <p className="mt-2 text-sm">
            <Link to={`/${product.id}/product-variant-information`} className="text-[var(--accent)] underline">
              {t("product.gradesExplained")}
            </Link>
          </p>
          {fullBatteryOffered(product.category_id) && selected && (
            <Suspense fallback={null}>
              <FullBatteryOption available={selected.fullBatteryQuantity > 0} chosen={withBattery} price={selected.fullBatteryPrice} />
            </Suspense>
          )}
          <AddToCartButton
            productId={product.id}
            name={product.name}
            label={selected?.label}
            withFullBattery={withBattery}
            searchUuid={loaderData.searchUuid}
            returnTo={loaderData.accessoryList ?? undefined}
          />
          {result && (
            <Suspense fallback={null}>
              <AddToCartOutcome result={result} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <WatchControls
              productId={product.id}
              name={product.name}
              price={price ?? product.newPrice}
              status={watch}
              nothingInStock={product.inStockCount === 0}
              soldOut={product.variantPicker.filter((v) => v.quantity === 0 && v.label !== "NEW").map((v) => v.label)}
            />
          </Suspense>
          {product.inStockCount > 0 && <p className="mt-4 text-sm text-green-accent">{t("product.inStock", { count: product.inStockCount })}</p>}
          {product.insurancePrice !== null && (
            <p className="mt-1 text-sm text-muted">
              {t("product.insurance")} <Price cents={product.insurancePrice} className="font-semibold text-ink" />
            </p>
          )}
          {view.relations.wristband.length > 0 && (
            <div className="mt-4 rounded-xl border border-line px-4 py-3">
              {view.wristband ? (
                <p className="text-sm">
                  {t("wristband.chosen")} <span className="font-semibold">{view.wristband.name}</span>
                  {view.wristband.priceMin !== null && (
                    <>
                      {" "}
                      (+ <Price cents={view.wristband.priceMin} />)
                    </>
                  )}
                </p>
              ) : (
                <p className="text-sm text-muted">{t("wristband.none")}</p>
              )}
              <Link to={`wristband${location.search}`} preventScrollReset className="mt-1 inline-block text-sm font-semibold text-[var(--accent)] underline">
                {view.wristband ? t("wristband.change") : t("wristband.choose")}
              </Link>
            </div>
          )}
          <ProductDetails product={product} />
          <Suspense fallback={null}>
            <ProductRelations relations={view.relations} />
          </Suspense>
        </div>
      </div>
      <ProductDescriptionSection description={description} />
      <Suspense fallback={null}>
        <RecommendationSlot view={similar} slot="product-similar" title={t("recommendations.similar")} productId={product.id} />
        <ProductReviews reviews={reviews} signedIn={Boolean(root?.customer)} />
      </Suspense>
      <Outlet />
    </>
  );
}
