import { useTranslation } from "../i18n/i18n.tsx";
import { useMemo } from "react";
import { Form, Link } from "react-router";
import type { ProductCard as ProductCardData } from "../../api/contract.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { Price } from "./price.tsx";
import { HeartIcon } from "./heart-icon.tsx";
import { useLoginDialog } from "../shell/login/login-dialog.tsx";
import { track } from "../shell/analytics.ts";
import { useCustomerPart, usePersonal } from "../shell/personal.tsx";
import { wishlistEvent } from "../shell/analytics-events.ts";

/** A list of search results: its search id goes with each link, names show the matches, and a click is reported. */
export interface SearchContext {
  searchUuid: string;
  name: (name: string) => React.ReactNode;
  onOpen: (productId: number) => void;
}

export function ProductCard({
  product,
  priority = false,
  headingLevel = 2,
  search,
  extra,
}: {
  product: ProductCardData;
  priority?: boolean;
  headingLevel?: 2 | 3;
  search?: SearchContext | undefined;
  /** The card's own controls (the wishlist heart), above the card-wide link. */
  extra?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation();
  const inStockGrades = product.variants.filter((v) => v.quantity > 0).length;
  return (
    <li className="group relative flex flex-col rounded-2xl border border-line bg-white p-3 transition hover:shadow-md">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-canvas">
        {product.image_url && (
          <img
            src={product.image_url}
            alt=""
            width={400}
            height={400}
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            fetchPriority={priority ? "high" : "auto"}
            className="h-full w-full object-contain transition group-hover:scale-[1.03]"
          />
        )}
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {product.on_sale && <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{t("product.badges.sale")}</span>}
          {product.coupon_active && (
            <span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-ink">{t("product.badges.coupon")}</span>
          )}
        </div>
      </div>
      <Heading className="mt-3 line-clamp-2 text-sm font-semibold leading-snug">
        <Link
          to={productHref(product.id, product.slug) + (search ? `?searchUuid=${search.searchUuid}` : "")}
          onClick={search ? () => search.onOpen(product.id) : undefined}
          className="after:absolute after:inset-0"
        >
          {search ? search.name(product.name) : product.name}
        </Link>
      </Heading>
      {extra}
      <p className="mt-1 text-xs text-muted">{t("product.gradesAvailable", { count: inStockGrades })}</p>
      <div className="mt-auto pt-2">
        {product.price_min !== null ? (
          <p className="text-sm">
            <span className="text-muted">{t("product.from")} </span>
            <Price cents={product.price_min} className="text-lg font-bold" />
          </p>
        ) : (
          <p className="text-sm font-semibold text-muted">{t("product.outOfStock")}</p>
        )}
        <p className="text-xs text-muted">
          {t("product.newPrice")} <Price cents={product.blue_price} className="line-through" />
        </p>
      </div>
    </li>
  );
}

export function ListEmpty() {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-dashed border-line p-10 text-center">
      <p className="text-lg font-semibold">{t("list.empty.title")}</p>
      <p className="mt-1 text-muted">{t("list.empty.text")}</p>
    </div>
  );
}

/**
 * The wishlist heart on a card: a plain form to /wishlist like the product page's, so it works
 * without JavaScript; a visitor logs in (the dialog, or the login page) and the wish happens then.
 */
function WishHeart({ product, wished, onSubmit }: { product: ProductCardData; wished: boolean; onSubmit: (event: React.FormEvent) => void }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/wishlist" className="absolute right-4 top-4 z-10" onSubmit={onSubmit}>
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="intent" value={wished ? "remove" : "add"} />
      <button
        type="submit"
        aria-pressed={wished}
        aria-label={t("listWish.label", { name: product.name })}
        data-testid="tile-heart"
        className="grid h-9 w-9 place-items-center rounded-full bg-white/90 shadow ring-1 ring-black/5 hover:bg-white"
      >
        <HeartIcon filled={wished} />
      </button>
    </Form>
  );
}

/** Cards carry headings one level below the section they are in: h2 under a page's h1, h3 under a section's h2. */
export function ProductGrid({
  products,
  label,
  headingLevel = 2,
  search,
  empty,
  wished,
}: {
  products: ProductCardData[];
  label: string;
  headingLevel?: 2 | 3;
  search?: SearchContext | undefined;
  empty?: React.ReactNode;
  /** The customer's wished ids among the products (asked apart from the shared list); null for a visitor. */
  wished: readonly number[] | null;
}) {
  const wishedNow = useCustomerPart(wished, { wishedAmong: products.map((p) => p.id) });
  const { later } = usePersonal();
  const login = useLoginDialog(wishedNow !== null || later === "customer");
  const wishedIds = useMemo(() => new Set(wishedNow), [wishedNow]);
  if (products.length === 0) return empty ?? <ListEmpty />;
  return (
    <>
      <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {products.map((p, i) => (
          <ProductCard
            key={p.id}
          product={p}
            priority={i < 2}
            headingLevel={headingLevel}
            search={search}
            extra={<WishHeart product={p} wished={wishedIds.has(p.id)} onSubmit={(event) => {
                  track(wishlistEvent(p, p.price_min, !wishedIds.has(p.id)));
                  login.intercept(event, { kind: "wish", productId: p.id });
                }} />}
          />
        ))}
      </ul>
      {login.dialog}
    </>
  );
}

/** Shown while a list loads: the grid's shape, without content. */
export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-2xl border border-line p-3">
          <div className="skeleton aspect-square rounded-xl" />
          <div className="skeleton mt-3 h-4 rounded" />
          <div className="skeleton mt-2 h-4 w-1/2 rounded" />
        </li>
      ))}
    </ul>
  );
}
