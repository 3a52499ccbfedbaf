import { Link } from "react-router";
import type { ProductView } from "../../../api/contract.ts";
import { productHref } from "../../../domain/routing/paths.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { ProductTile } from "../../components/product-tile.tsx";

/** Other storage sizes and colours of the same model, and accessories that fit. */
export function ProductRelations({ relations }: { relations: ProductView["relations"] }) {
  const { t } = useTranslation();
  const versions = [...relations.storage, ...relations.colour];
  return (
    <>
      {versions.length > 0 && (
        <section className="mt-8">
          <h2 className="text-lg font-bold">{t("productRelations.otherVersions")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {versions.map((r) => (
              <li key={r.id}>
                <Link to={productHref(r.id, r.slug)} className="block rounded-full border border-line px-3 py-1.5 text-sm hover:border-[var(--accent)]">
                  {[r.propRom, r.propColor].filter(Boolean).join(" · ") || r.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {relations.accessory.length > 0 && (
        <section className="mt-8">
          <h2 className="text-lg font-bold">{t("productRelations.accessories")}</h2>
          <ul className="mt-2 grid gap-2">
            {relations.accessory.map((r) => (
              <li key={r.id}>
                <ProductTile product={r} layout="row" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
