import type { ProductView } from "../../../api/contract.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

/** Attributes and identifiers as a definition list. */
export function ProductDetails({ product }: { product: ProductView["product"] }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ...Object.entries(product.attributes).map(([key, value]) => [t(`product.attributes.${key}`, { defaultValue: key }), value] as [string, string]),
    ...(product.propRom ? [[t("list.filters.rom"), product.propRom] as [string, string]] : []),
    ...(product.propColor ? [[t("list.filters.color"), product.propColor] as [string, string]] : []),
    ...(product.identifiers.ean ? [["EAN", product.identifiers.ean] as [string, string]] : []),
    ...(product.identifiers.isbn ? [["ISBN", product.identifiers.isbn] as [string, string]] : []),
  ];
  if (rows.length === 0) return null;
  return (
    <section className="mt-8">
      <h2 className="text-lg font-bold">{t("product.details")}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
