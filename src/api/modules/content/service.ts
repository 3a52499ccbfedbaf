import { BLOG_PAGE_SIZE, blogCategoryName, changedFields, documentHref, excerpt, isLegalDocumentType, isLive, readingMinutes, type ContentType } from "../../../domain/content/content.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { totalPages } from "../../../domain/catalogue/listing.ts";
import type { ErrorCode } from "../../error-codes.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { renderMarkdown } from "./markdown.ts";
import { SlugTaken, type ContentRepository, type DocumentRow, type TranslationRow } from "./repository.ts";
import type { Article, BlogList, ContentPage, LegalDocument, OpsContentDocument, OpsContentList, OpsContentUpdate, TranslationInput } from "./schemas.ts";

const OPS_PAGE_SIZE = 50;
/** Who edits content: support (and admins, as everywhere). */
const EDITOR_ROLE = "support";

/** The text in the language, else in the default one: every document is written in all six, this only guards a gap. */
function textIn(texts: readonly TranslationRow[], locale: Locale): TranslationRow {
  const text = texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === DEFAULT_LOCALE) ?? texts[0];
  if (!text) throw AppError.notFound("CONTENT_DOESNT_EXIST", "This document has no text", "locale");
  return text;
}

function documentView(doc: DocumentRow, texts: readonly TranslationRow[], locale: Locale) {
  const text = textIn(texts, locale);
  return {
    key: doc.key,
    slug: text.slug,
    locale: text.locale as Locale,
    title: text.title,
    html: renderMarkdown(text.body),
    seoTitle: text.seoTitle || text.title,
    seoDescription: text.seoDescription || excerpt(text.body, 160),
    updatedAt: doc.updatedAt,
    alternates: Object.fromEntries(texts.map((t) => [t.locale, t.slug])),
  };
}
const categoryOf = (key: string | null, locale: Locale) => (key ? { key, name: blogCategoryName(key, locale) } : null);

export function createContentService(repo: ContentRepository, deps: { clock: () => Date }) {
  async function liveDocument(type: ContentType, find: () => Promise<DocumentRow | undefined>, code: ErrorCode, what: string) {
    const doc = await find();
    if (!doc) throw AppError.notFound(code, `No ${what}`, "params");
    return { doc, texts: await repo.translationsOf(doc.id) };
  }

  async function opsDocument(doc: DocumentRow): Promise<OpsContentDocument> {
    const [texts, versions] = await Promise.all([repo.translationsOf(doc.id), repo.versions(doc.id)]);
    return {
      id: doc.id,
      type: doc.type,
      key: doc.key,
      category: doc.category,
      author: doc.author,
      relatedProductIds: doc.relatedProductIds,
      version: doc.version,
      updatedAt: doc.updatedAt,
      published: doc.published,
      live: isLive(doc, deps.clock()),
      publishFrom: doc.publishFrom,
      publishTo: doc.publishTo,
      hrefs: doc.type === "seo" ? null : Object.fromEntries(texts.map((t) => [t.locale, documentHref(doc, t.slug) ?? ""])),
      translations: Object.fromEntries(texts.map((t) => [t.locale, { slug: t.slug, title: t.title, body: t.body, seoTitle: t.seoTitle, seoDescription: t.seoDescription }])),
      versions,
    };
  }

  return {
    async blogList(query: { locale: Locale; page: number; category?: string | undefined }): Promise<BlogList> {
      const now = deps.clock();
      const [{ total, rows }, counts] = await Promise.all([
        repo.articlePage({ locale: query.locale, category: query.category, offset: (query.page - 1) * BLOG_PAGE_SIZE, limit: BLOG_PAGE_SIZE, now }),
        repo.articleCategoryCounts(now),
      ]);
      return {
        items: rows.map(({ doc, text, shownSince }) => ({
          slug: text.slug,
          title: text.title,
          excerpt: excerpt(text.body),
          author: doc.author,
          publishedAt: new Date(shownSince).toISOString(),
          readingMinutes: readingMinutes(text.body),
          category: categoryOf(doc.category, query.locale),
        })),
        categories: counts.flatMap((c) => (c.category ? [{ ...categoryOf(c.category, query.locale)!, count: c.n }] : [])).sort((a, b) => a.name.localeCompare(b.name)),
        category: categoryOf(query.category ?? null, query.locale),
        page: query.page,
        pageSize: BLOG_PAGE_SIZE,
        total,
        totalPages: totalPages(total, BLOG_PAGE_SIZE),
      };
    },

    async article(slug: string, locale: Locale): Promise<Article> {
      const { doc, texts } = await liveDocument("article", () => repo.liveBySlug("article", slug, deps.clock()), "ARTICLE_DOESNT_EXIST", `article "${slug}"`);
      const related = await repo.productsByIds(doc.relatedProductIds);
      const view = documentView(doc, texts, locale);
      return {
        ...view,
        author: doc.author,
        publishedAt: new Date(doc.publishFrom ?? doc.createdAt).toISOString(),
        readingMinutes: readingMinutes(textIn(texts, locale).body),
        category: categoryOf(doc.category, locale),
        relatedProducts: doc.relatedProductIds.flatMap((id) => related.filter((p) => p.id === id)),
      };
    },

    async legal(documentType: string, locale: Locale): Promise<LegalDocument> {
      if (!isLegalDocumentType(documentType)) throw AppError.notFound("LEGAL_DOCUMENT_DOESNT_EXIST", `No legal document "${documentType}"`, "params.documentType");
      const { doc, texts } = await liveDocument("legal", () => repo.liveByKey("legal", documentType, deps.clock()), "LEGAL_DOCUMENT_DOESNT_EXIST", `legal document "${documentType}"`);
      return { ...documentView(doc, texts, locale), version: doc.version };
    },

    async page(slug: string, locale: Locale): Promise<ContentPage> {
      const { doc, texts } = await liveDocument("page", () => repo.liveBySlug("page", slug, deps.clock()), "PAGE_DOESNT_EXIST", `page "${slug}"`);
      return documentView(doc, texts, locale);
    },

    /** A live SEO block's title and Markdown body in the language. */
    async seoBlock(identifier: string, locale: Locale): Promise<{ title: string; body: string; html: string } | undefined> {
      const doc = await repo.liveByKey("seo", identifier, deps.clock());
      if (!doc) return undefined;
      const text = textIn(await repo.translationsOf(doc.id), locale);
      return { title: text.title, body: text.body, html: renderMarkdown(text.body) };
    },

    /** The newest live articles in the language with their full text, for the Atom feed. */
    async feedEntries(locale: Locale) {
      const { rows } = await repo.articlePage({ locale, offset: 0, limit: 20, now: deps.clock() });
      return rows.map(({ doc, text, shownSince }) => ({ slug: text.slug, title: text.title, author: doc.author, summary: excerpt(text.body), html: renderMarkdown(text.body), published: new Date(shownSince).toISOString(), updated: new Date(doc.updatedAt).toISOString() }));
    },

    liveAddresses: () => repo.liveAddresses(deps.clock()),

    preview(actor: StaffActor, markdown: string) {
      requireRole(actor, EDITOR_ROLE);
      return { html: renderMarkdown(markdown) };
    },

    async opsList(actor: StaffActor, query: { type?: ContentType | undefined; page: number; locale: Locale }): Promise<OpsContentList> {
      requireRole(actor, EDITOR_ROLE);
      const now = deps.clock();
      const { total, rows } = await repo.list({ type: query.type, locale: query.locale, offset: (query.page - 1) * OPS_PAGE_SIZE, limit: OPS_PAGE_SIZE });
      return {
        items: rows.map(({ doc, title }) => ({
          id: doc.id,
          type: doc.type,
          key: doc.key,
          title: title ?? doc.key,
          version: doc.version,
          updatedAt: doc.updatedAt,
          published: doc.published,
          live: isLive(doc, now),
          publishFrom: doc.publishFrom,
          publishTo: doc.publishTo,
        })),
        page: query.page,
        pageSize: OPS_PAGE_SIZE,
        total,
        totalPages: totalPages(total, OPS_PAGE_SIZE),
      };
    },

    async opsDocument(actor: StaffActor, id: number): Promise<OpsContentDocument> {
      requireRole(actor, EDITOR_ROLE);
      const doc = await repo.document(id);
      if (!doc) throw AppError.notFound("CONTENT_DOESNT_EXIST", `No document ${id}`, "params.id");
      return opsDocument(doc);
    },

    /** Saves texts and settings; a change of any text counts the version up and is kept in the history. */
    async update(actor: StaffActor, id: number, input: OpsContentUpdate): Promise<OpsContentDocument> {
      requireRole(actor, EDITOR_ROLE);
      const changed = await repo.change(id, async (writer, doc) => {
        const texts = await writer.translationsOf(doc.id);
        const changes: string[] = [];
        for (const [locale, fields] of Object.entries(input.translations ?? {}) as [Locale, TranslationInput][]) {
          const before = texts.find((t) => t.locale === locale);
          const touched = changedFields(before && { slug: before.slug, title: before.title, body: before.body, seoTitle: before.seoTitle, seoDescription: before.seoDescription }, fields, locale);
          if (touched.length === 0) continue;
          const owner = await writer.slugOwner(doc.type, locale, fields.slug);
          if (owner !== undefined && owner !== doc.id) throw new AppError(409, "SLUG_TAKEN", `Another document uses the slug "${fields.slug}" in ${locale}`, `body.translations.${locale}.slug`);
          await writer.upsertTranslation({ documentId: doc.id, type: doc.type, locale, ...fields });
          changes.push(...touched);
        }
        const settings = { author: input.author, category: input.category, publishFrom: input.publishFrom, publishTo: input.publishTo, relatedProductIds: input.relatedProductIds };
        const set: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(settings)) {
          if (value === undefined || JSON.stringify(value) === JSON.stringify(doc[field as keyof DocumentRow])) continue;
          set[field] = value;
          changes.push(field);
        }
        // The window as it will be: a field not sent keeps its value.
        const window = { publishFrom: input.publishFrom === undefined ? doc.publishFrom : input.publishFrom, publishTo: input.publishTo === undefined ? doc.publishTo : input.publishTo };
        if (window.publishFrom && window.publishTo && new Date(window.publishTo) <= new Date(window.publishFrom)) {
          throw AppError.badRequest("PUBLISH_WINDOW_INVALID", "The publish window must end after it starts", "body.publishTo");
        }
        if (changes.length === 0) return doc;
        const updated = await writer.updateDocument(doc.id, { ...set, version: doc.version + 1 });
        // Compact: the settings' values, the texts' field names only.
        const settingsBefore = Object.fromEntries(Object.keys(set).map((field) => [field, doc[field as keyof DocumentRow]]));
        await writer.recordChange(actor, updated, "edited", changes, { before: { version: doc.version, ...settingsBefore }, after: { version: updated.version, changes, ...set } });
        return updated;
      }).catch((error: unknown) => {
        // Two editors giving two documents one slug at the same moment: the index lets one through.
        if (error instanceof SlugTaken) throw new AppError(409, "SLUG_TAKEN", "Another document took one of these slugs a moment ago", "body.translations");
        throw error;
      });
      if (!changed) throw AppError.notFound("CONTENT_DOESNT_EXIST", `No document ${id}`, "params.id");
      return opsDocument(changed);
    },

    /** Publishing starts the window now unless it has a start already; unpublishing hides the document whatever its window. */
    async setPublished(actor: StaffActor, id: number, published: boolean): Promise<OpsContentDocument> {
      requireRole(actor, EDITOR_ROLE);
      const changed = await repo.change(id, async (writer, doc) => {
        if (doc.published === published) return doc;
        const updated = await writer.updateDocument(doc.id, { published, ...(published && !doc.publishFrom ? { publishFrom: deps.clock().toISOString() } : {}) });
        const audit = { before: { version: doc.version, published: doc.published, publishFrom: doc.publishFrom }, after: { version: updated.version, published, publishFrom: updated.publishFrom } };
        await writer.recordChange(actor, updated, published ? "published" : "unpublished", ["published"], audit);
        return updated;
      });
      if (!changed) throw AppError.notFound("CONTENT_DOESNT_EXIST", `No document ${id}`, "params.id");
      return opsDocument(changed);
    },

    /** A new article or page, unpublished, with a placeholder text in every language. */
    async create(actor: StaffActor, input: { type: "article" | "page"; key: string }): Promise<OpsContentDocument> {
      requireRole(actor, EDITOR_ROLE);
      const taken = () => new AppError(409, "KEY_TAKEN", `A ${input.type} "${input.key}" exists already`, "body.key");
      if ((await repo.byKey(input.type, input.key)) || (await Promise.all(LOCALES.map((l) => repo.slugOwner(input.type, l, input.key)))).some((o) => o !== undefined)) {
        throw taken();
      }
      // Checked above for a clear answer; the unique indexes decide between creates at the same moment.
      const doc = await repo.insertDocument(
        { type: input.type, key: input.key, category: input.type === "article" ? "news" : null },
        LOCALES.map((locale) => ({ type: input.type, locale, slug: input.key, title: input.key, body: "", seoTitle: "", seoDescription: "" })),
        actor,
      );
      if (!doc) throw taken();
      return opsDocument(doc);
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
