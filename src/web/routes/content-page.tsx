import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/content-page";
import { pageHref, WARRANTY_PAGE_KEY } from "../../domain/content/content.ts";
import { formatDate } from "../../domain/dates.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { ContentBreadcrumbs, ContentHead } from "../features/content/content-head.tsx";
import { RichText } from "../features/content/rich-text.tsx";
import { contentApi } from "../api-client/content.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    // /warranty has no slug in its path: it names the page by its key.
    return { page: await contentApi(storefront(context).api).contentPage(params.slug ?? WARRANTY_PAGE_KEY, storefront(context).locale), locale: storefront(context).locale };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** A static page (/s/{slug}) or the warranty page, as staff wrote it. */
export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, locale } = loaderData;
  const crumbs = [
    { name: t("breadcrumbs.home"), href: "/" },
    { name: page.title, href: pageHref(page.key, page.slug) },
  ];
  return (
    <>
      <ContentHead title={page.seoTitle} description={page.seoDescription} hrefFor={(l) => (page.alternates[l] ? pageHref(page.key, page.alternates[l]) : undefined)} crumbs={crumbs} />
      <ContentBreadcrumbs crumbs={crumbs} label={t("breadcrumbs.label")} />
      <article className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-extrabold md:text-4xl">{page.title}</h1>
        <RichText html={page.html} className="mt-4" />
        <p className="mt-8 text-sm text-muted">{t("content.updated", { date: formatDate(page.updatedAt, locale) })}</p>
      </article>
    </>
  );
}
