import type { Locale, Translated } from "../i18n/locales.ts";

/** The legal documents SPEC names, in the order the footer lists them. */
export const LEGAL_DOCUMENT_TYPES = ["terms-and-conditions", "privacy-policy", "privacy-policy-apps", "imprint"] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];
export const isLegalDocumentType = (value: string): value is LegalDocumentType => (LEGAL_DOCUMENT_TYPES as readonly string[]).includes(value);

/** What a customer accepts when placing an order or selling: recorded with its version. */
export const ACCEPTED_AT_CHECKOUT: readonly LegalDocumentType[] = ["terms-and-conditions", "privacy-policy"];

export const CONTENT_TYPES = ["article", "legal", "page", "seo"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Articles per blog page. */
export const BLOG_PAGE_SIZE = 5;
/** Words a reader reads per minute, for an article's reading time. */
export const WORDS_PER_MINUTE = 200;

export const BLOG_CATEGORIES: Record<string, Translated> = {
  guides: { de: "Ratgeber", en: "Guides", es: "Guías", fr: "Guides", it: "Guide", nl: "Gidsen" },
  news: { de: "Neuigkeiten", en: "News", es: "Noticias", fr: "Actualités", it: "Novità", nl: "Nieuws" },
  sustainability: { de: "Nachhaltigkeit", en: "Sustainability", es: "Sostenibilidad", fr: "Durabilité", it: "Sostenibilità", nl: "Duurzaamheid" },
};
export const isBlogCategory = (value: string): boolean => Object.hasOwn(BLOG_CATEGORIES, value);
export const blogCategoryName = (key: string, locale: Locale): string => BLOG_CATEGORIES[key]?.[locale] ?? key;

/** The static page whose address is /warranty rather than /s/{slug}. */
export const WARRANTY_PAGE_KEY = "warranty";
/** Static pages the footer links, by key (their /s/ address resolves keys as well as slugs). */
export const FOOTER_PAGES = ["about-us", "shipping-and-returns"] as const;

/** Minutes to read a Markdown text: words (markup left out) at WORDS_PER_MINUTE, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#>*_`~[\]|-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The first paragraph of a Markdown text as plain text, cut at a word boundary: an article's teaser. */
export function excerpt(markdown: string, max = 180): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith("#")) ?? "";
  const plain = paragraph.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[*_`>#]/g, "").replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : max)}…`;
}

export interface PublishWindow {
  published: boolean;
  publishFrom: string | null;
  publishTo: string | null;
}

/** Whether a document is shown now: published, and inside its window (either end open). */
export function isLive(doc: PublishWindow, now: Date): boolean {
  if (!doc.published) return false;
  if (doc.publishFrom && new Date(doc.publishFrom).getTime() > now.getTime()) return false;
  return !(doc.publishTo && new Date(doc.publishTo).getTime() <= now.getTime());
}

/** Slugs are lower-case words and digits joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Storefront addresses of content. Legal paths and /tips-and-news are the same in every language. */
export const BLOG_PATH = "/tips-and-news";
export const blogArticleHref = (slug: string) => `${BLOG_PATH}/${slug}`;
export const blogCategoryHref = (category: string) => `${BLOG_PATH}/c/${category}`;
export const legalHref = (type: string) => `/legal/${type}`;
export const pageHref = (key: string, slug: string) => (key === WARRANTY_PAGE_KEY ? "/warranty" : `/s/${slug}`);
export const feedHref = (locale: Locale) => `${BLOG_PATH}/feed/${locale}.xml`;

/** The fields of one language a change touched, named as "de.title", for the version history. */
export function changedFields(before: Readonly<Record<string, string>> | undefined, after: Readonly<Record<string, string>>, prefix: string): string[] {
  return Object.keys(after)
    .filter((field) => before?.[field] !== after[field])
    .map((field) => `${prefix}.${field}`);
}

/** Where a document shows in the storefront; SEO blocks have no page of their own. */
export function documentHref(doc: { type: ContentType; key: string }, slug: string): string | undefined {
  if (doc.type === "article") return blogArticleHref(slug);
  if (doc.type === "legal") return legalHref(doc.key);
  if (doc.type === "page") return pageHref(doc.key, slug);
  return undefined;
}

/** The blog's name, as the feed and the page title show it. */
export const BLOG_TITLE: Translated = { de: "Tipps & News", en: "Tips & news", es: "Consejos y noticias", fr: "Conseils et actualités", it: "Consigli e novità", nl: "Tips & nieuws" };
