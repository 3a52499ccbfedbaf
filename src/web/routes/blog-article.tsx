import { Link } from "react-router";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/blog-article";
import { BLOG_PATH, BLOG_TITLE, blogArticleHref, blogCategoryHref } from "../../domain/content/content.ts";
import { formatDate } from "../../domain/dates.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { ContentBreadcrumbs, ContentHead } from "../features/content/content-head.tsx";
import { RichText } from "../features/content/rich-text.tsx";
import { contentApi } from "../api-client/content.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { article: await contentApi(storefront(context).api).article(params.slug, storefront(context).locale), locale: storefront(context).locale };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** One blog article: author, date, reading time, its text and the products it talks about. */
export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { article, locale } = loaderData;
  const crumbs = [
    { name: t("breadcrumbs.home"), href: "/" },
    { name: BLOG_TITLE[locale], href: BLOG_PATH },
    ...(article.category ? [{ name: article.category.name, href: blogCategoryHref(article.category.key) }] : []),
    { name: article.title, href: blogArticleHref(article.slug) },
  ];
  return (
    <>
      <ContentHead
        title={article.seoTitle}
        description={article.seoDescription}
        hrefFor={(l) => (article.alternates[l] ? blogArticleHref(article.alternates[l]) : undefined)}
        crumbs={crumbs}
        article={{ headline: article.title, author: article.author, published: article.publishedAt, modified: article.updatedAt }}
      />
      <ContentBreadcrumbs crumbs={crumbs} label={t("breadcrumbs.label")} />
      <article className="mx-auto max-w-3xl">
        <header>
          {article.category && <p className="text-xs font-bold tracking-wide text-muted uppercase">{article.category.name}</p>}
          <h1 className="mt-1 text-2xl font-extrabold md:text-4xl">{article.title}</h1>
          <p className="mt-2 text-sm text-muted" data-testid="article-meta">
            {[article.author && t("content.blog.by", { author: article.author }), formatDate(article.publishedAt, locale), t("content.blog.readingTime", { minutes: article.readingMinutes })].filter(Boolean).join(" · ")}
          </p>
        </header>
        <RichText html={article.html} className="mt-4" />
        {article.relatedProducts.length > 0 && (
          <section aria-labelledby="related-title" className="mt-10">
            <h2 id="related-title" className="text-lg font-bold">
              {t("content.blog.related")}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {article.relatedProducts.map((p) => (
                <li key={p.id}>
                  <Link to={productHref(p.id, p.slug)} className="block rounded-xl border border-line p-4 font-semibold hover:border-[var(--accent)]">
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="mt-10">
          <Link to={BLOG_PATH} className="font-semibold underline">
            {t("content.blog.back")}
          </Link>
        </p>
      </article>
    </>
  );
}
