import { Link } from "react-router";
import type { ProductSummary } from "../../api/contract.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { Price } from "./price.tsx";

/**
 * A small product link: picture, name, from-price. "row" for lists beside other content
 * (accessories), "tile" for slots and grids of recommendations.
 */
export function ProductTile({ product, layout, onClick }: { product: ProductSummary; layout: "row" | "tile"; onClick?: () => void }) {
  const row = layout === "row";
  return (
    <Link
      to={productHref(product.id, product.slug)}
      onClick={onClick}
      className={`${row ? "flex items-center gap-3" : "block"} rounded-xl border border-line p-2 hover:border-[var(--accent)]`}
    >
      {product.imageUrl && (
        <img
          src={`${product.imageUrl}?size=thumb`}
          alt=""
          width={row ? 48 : 160}
          height={row ? 48 : 160}
          loading="lazy"
          className={`${row ? "h-12 w-12" : "aspect-square w-full"} rounded-lg bg-canvas object-contain`}
        />
      )}
      <span className={row ? "flex-1 text-sm" : "mt-2 line-clamp-2 block text-sm font-semibold"}>{product.name}</span>
      {product.priceMin !== null && <Price cents={product.priceMin} className={row ? "text-sm font-semibold" : "font-bold"} />}
    </Link>
  );
}
