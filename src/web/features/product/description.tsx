import { Suspense } from "react";
import { Await } from "react-router";
import type { ApiClient } from "../../api-client/client.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

// The API's answer as the client types it: the web side reads API contracts, not route files.
type ProductDescription = Awaited<ReturnType<ApiClient["productDescription"]>>;

/** The description streams in after the critical content; a skeleton holds its place. */
export function ProductDescriptionSection({ description }: { description: Promise<ProductDescription | null> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="description-title" className="mt-10 max-w-3xl">
      <h2 id="description-title" className="text-lg font-bold">
        {t("product.description")}
      </h2>
      <Suspense fallback={<div className="mt-3 space-y-2" aria-hidden="true"><div className="skeleton h-4 rounded" /><div className="skeleton h-4 w-5/6 rounded" /></div>}>
        <Await resolve={description} errorElement={<p className="mt-2 text-muted">{t("product.descriptionError")}</p>}>
          {(d) => (d && d.paragraphs.length ? d.paragraphs.map((p) => <p key={p} className="mt-2 text-muted">{p}</p>) : <p className="mt-2 text-muted">{t("product.descriptionEmpty")}</p>)}
        </Await>
      </Suspense>
    </section>
  );
}
