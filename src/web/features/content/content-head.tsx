import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root.tsx";
import { AlternateLinks } from "../../components/alternate-links.tsx";
import type { Locale } from "../../../domain/i18n/locales.ts";

export interface Crumb {
  name: string;
  href: string;
}

/** schema.org data for search engines; "<" is escaped so no text can end the script element. */
function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}

/**
 * A content page's head: title, description, canonical and hreflang links, and JSON-LD (its
 * BreadcrumbList, and an Article for blog articles).
 */
export function ContentHead(props: {
  title: string;
  description: string;
  hrefFor: (locale: Locale) => string | undefined;
  crumbs: Crumb[];
  article?: { headline: string; author: string | null; published: string; modified: string };
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return <title>{props.title}</title>;
  const absolute = (href: string) => new URL(href, root.publicUrl).href;
  const canonical = props.hrefFor(root.locale);
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: props.crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: absolute(c.href) })),
  };
  return (
    <>
      <title>{`${props.title} | ${root.productName}`}</title>
      <meta name="description" content={props.description} />
      <AlternateLinks publicUrl={root.publicUrl} locale={root.locale} hrefFor={props.hrefFor} />
      <JsonLd data={breadcrumbs} />
      {props.article && (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "Article",
            headline: props.article.headline,
            inLanguage: root.locale,
            datePublished: props.article.published,
            dateModified: props.article.modified,
            ...(canonical ? { mainEntityOfPage: absolute(canonical) } : {}),
            author: props.article.author ? { "@type": "Person", name: props.article.author } : { "@type": "Organization", name: root.productName },
            publisher: { "@type": "Organization", name: root.productName },
          }}
        />
      )}
    </>
  );
}

/** The trail above a content page; the last crumb is the page itself. */
export function ContentBreadcrumbs({ crumbs, label }: { crumbs: Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="mb-4 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => (
          <li key={c.href} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {c.name}
              </span>
            ) : (
              <Link to={c.href} className="hover:text-ink hover:underline">
                {c.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
