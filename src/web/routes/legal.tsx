import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/legal";
import { legalHref } from "../../domain/content/content.ts";
import { formatDate } from "../../domain/dates.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { ContentBreadcrumbs, ContentHead } from "../features/content/content-head.tsx";
import { RichText } from "../features/content/rich-text.tsx";
import { contentApi } from "../api-client/content.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { doc: await contentApi(storefront(context).api).legalDocument(params.documentType, storefront(context).locale), locale: storefront(context).locale };
  } catch (error) {
    // An unknown document type is a 404 like any unknown page.
    pageNotFoundOn(error);
  }
}

/** A legal text with the version in force: the one a customer accepts at checkout. */
export default function Legal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { doc, locale } = loaderData;
  const crumbs = [
    { name: t("breadcrumbs.home"), href: "/" },
    { name: doc.title, href: legalHref(doc.key) },
  ];
  return (
    <>
      <ContentHead title={doc.seoTitle} description={doc.seoDescription} hrefFor={() => legalHref(doc.key)} crumbs={crumbs} />
      <ContentBreadcrumbs crumbs={crumbs} label={t("breadcrumbs.label")} />
      <article className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-extrabold md:text-4xl">{doc.title}</h1>
        <p className="mt-2 text-sm text-muted" data-testid="legal-version">
          {t("content.legal.version", { version: doc.version, date: formatDate(doc.updatedAt, locale) })}
        </p>
        <RichText html={doc.html} className="mt-4" />
      </article>
    </>
  );
}
