import type { ProductView } from "../../../api/contract.ts";
import { CURRENCY } from "../../../domain/money.ts";

/** schema.org Product with one Offer per grade in stock, for search engines. */
export function ProductJsonLd({ view, url, publicUrl }: { view: ProductView; url: string; publicUrl: string }) {
  const { product } = view;
  const image = view.media.filter((m) => !m.isVideo).map((m) => new URL(m.url, publicUrl).href);
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: String(product.id),
    ...(product.identifiers.ean ? { gtin13: product.identifiers.ean } : {}),
    ...(product.identifiers.isbn ? { isbn: product.identifiers.isbn } : {}),
    brand: { "@type": "Brand", name: product.brand },
    image,
    offers: product.variantPicker
      .filter((v) => v.quantity > 0)
      .map((v) => ({
        "@type": "Offer",
        sku: `${product.id}-${v.label}`,
        price: (v.price / 100).toFixed(2),
        priceCurrency: CURRENCY,
        availability: "https://schema.org/InStock",
        itemCondition: v.label === "NEW" ? "https://schema.org/NewCondition" : "https://schema.org/RefurbishedCondition",
        url: `${url}?variant=${v.label}`,
      })),
  };
  // "<" is escaped so no text in the data can end the script element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
