import { data, Link } from "react-router";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/blog";
import { BLOG_PATH, BLOG_TITLE, blogArticleHref, blogCategoryHref, feedHref } from "../../domain/content/content.ts";
import { formatDate } from "../../domain/dates.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { Pagination } from "../components/pagination.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { ContentBreadcrumbs, ContentHead } from "../features/content/content-head.tsx";
import { contentApi } from "../api-client/content.ts";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const pageParam = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,4}$/.test(pageParam) ? Number(pageParam) : 0;
  try {
    if (page < 1) throw data(null, { status: 404 });
    const list = await contentApi(storefront(context).api).blogList({ locale: storefront(context).locale, page, ...(params.category ? { category: params.category } : {}) });
    if (page > Math.max(1, list.totalPages)) throw data(null, { status: 404 });
    return { list, locale: storefront(context).locale };
  } catch (error) {
    pageNotFoundOn(error);
  }
}

/** The blog: articles newest first, in pages, by category; with an Atom feed per language. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, locale } = loaderData;
  const blogTitle = BLOG_TITLE[locale];
  const here = list.category ? blogCategoryHref(list.category.key) : BLOG_PATH;
  const pageSuffix = list.page > 1 ? `?page=${list.page}` : "";
  const crumbs = [{ name: t("breadcrumbs.home"), href: "/" }, { name: blogTitle, href: BLOG_PATH }, ...(list.category ? [{ name: list.category.name, href: here }] : [])];
  const chip = "rounded-full border px-4 py-1.5 text-sm font-semibold";
  return (
    <>
      <ContentHead title={list.category ? `${list.category.name} – ${blogTitle}` : blogTitle} description={t("content.blog.intro")} hrefFor={() => here + pageSuffix} crumbs={crumbs} />
      <link rel="alternate" type="application/atom+xml" title={blogTitle} href={feedHref(locale)} />
      <ContentBreadcrumbs crumbs={crumbs} label={t("breadcrumbs.label")} />
      <header className="rounded-3xl bg-canvas px-6 py-8 md:px-10">
        <h1 className="text-2xl font-extrabold md:text-4xl">{list.category ? list.category.name : blogTitle}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t("content.blog.intro")}</p>
        <a href={feedHref(locale)} className="mt-3 inline-block text-sm font-semibold underline">
          {t("content.blog.feed")}
        </a>
      </header>
      <nav aria-label={t("content.blog.categories")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={BLOG_PATH} aria-current={list.category ? undefined : "page"} className={`${chip} ${list.category ? "border-line" : "border-ink bg-ink text-white"}`}>
              {t("content.blog.all")}
            </Link>
          </li>
          {list.categories.map((c) => (
            <li key={c.key}>
              <Link
                to={blogCategoryHref(c.key)}
                aria-current={list.category?.key === c.key ? "page" : undefined}
                className={`${chip} ${list.category?.key === c.key ? "border-ink bg-ink text-white" : "border-line"}`}
              >
                {c.name} ({c.count})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.items.length === 0 ? (
        <EmptyState title={t("content.blog.empty")} text={t("content.blog.intro")} action={{ to: BLOG_PATH, label: t("content.blog.all") }} />
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2" data-testid="blog-list">
          {list.items.map((a) => (
            <li key={a.slug}>
              <article className="h-full rounded-2xl border border-line p-6">
                {a.category && <p className="text-xs font-bold tracking-wide text-muted uppercase">{a.category.name}</p>}
                <h2 className="mt-1 text-lg font-bold">
                  <Link to={blogArticleHref(a.slug)} className="hover:underline">
                    {a.title}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-muted">
                  {[a.author && t("content.blog.by", { author: a.author }), formatDate(a.publishedAt, locale), t("content.blog.readingTime", { minutes: a.readingMinutes })].filter(Boolean).join(" · ")}
                </p>
                <p className="mt-3">{a.excerpt}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} />
    </>
  );
}
