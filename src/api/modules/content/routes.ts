import { atomFeed } from "../../../domain/content/atom.ts";
import { BLOG_PATH, blogArticleHref, feedHref } from "../../../domain/content/content.ts";
import { LOCALES } from "../../../domain/i18n/locales.ts";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { staffActorOf } from "../staff/routes.ts";
import { z } from "zod";
import {
  articleErrors,
  articleSchema,
  blogListErrors,
  blogListQuery,
  blogListSchema,
  contentPageErrors,
  legalDocumentErrors,
  legalDocumentSchema,
  legalParams,
  localeOnlyQuery,
  opsContentCreateErrors,
  opsContentDocumentErrors,
  opsContentErrors,
  opsContentUpdateErrors,
  opsCreateBody,
  opsDocumentSchema,
  opsIdParams,
  opsListQuery,
  opsListSchema,
  opsPreviewBody,
  opsUpdateBody,
  pageSchema,
  previewSchema,
  slugParams,
} from "./schemas.ts";
import type { ContentService } from "./service.ts";

const staffOnly = { 404: "ROUTE_NOT_FOUND for anyone but staff" };
const ops = { tags: ["operations"] };

/** Blog, legal texts and static pages for everyone; their editor for staff with the role support (the staff guard let them in). */
export function registerContentRoutes(app: ApiInstance, service: ContentService): void {
  app.get(
    "/content/articles",
    { schema: { operationId: "api_blog_list", tags: ["content"], summary: "Blog articles, newest first, paged, optionally of one category", querystring: blogListQuery, response: { 200: blogListSchema, ...errorResponsesOf(blogListErrors) } } },
    async (request) => service.blogList({ locale: request.query.locale ?? request.locale, page: request.query.page, category: request.query.category }),
  );
  app.get(
    "/content/articles/:slug",
    { schema: { operationId: "api_blog_article", tags: ["content"], summary: "A blog article by its slug in any language, in the current language", params: slugParams, querystring: localeOnlyQuery, response: { 200: articleSchema, ...errorResponsesOf(articleErrors) } } },
    async (request) => service.article(request.params.slug, request.query.locale ?? request.locale),
  );
  app.get(
    "/content/legal/:documentType",
    {
      schema: {
        operationId: "api_legal_document",
        tags: ["content"],
        summary: "A legal text (privacy-policy, terms-and-conditions, imprint, privacy-policy-apps) with its version",
        params: legalParams,
        querystring: localeOnlyQuery,
        response: { 200: legalDocumentSchema, ...errorResponsesOf(legalDocumentErrors) },
      },
    },
    async (request) => service.legal(request.params.documentType, request.query.locale ?? request.locale),
  );
  app.get(
    "/content/pages/:slug",
    { schema: { operationId: "api_content_page", tags: ["content"], summary: "A static page by its slug in any language or its key", params: slugParams, querystring: localeOnlyQuery, response: { 200: pageSchema, ...errorResponsesOf(contentPageErrors) } } },
    async (request) => service.page(request.params.slug, request.query.locale ?? request.locale),
  );

  app.get(
    "/ops/content",
    { schema: { operationId: "api_ops_content_list", ...ops, summary: "Support staff: every document, by type", querystring: opsListQuery, response: { 200: opsListSchema, ...errorResponsesOf(opsContentErrors, staffOnly) } } },
    async (request) => service.opsList(staffActorOf(request), { type: request.query.type, page: request.query.page, locale: request.locale }),
  );
  app.post(
    "/ops/content",
    { schema: { operationId: "api_ops_content_create", ...ops, summary: "Support staff: a new article or page, unpublished", body: opsCreateBody, response: { 201: opsDocumentSchema, ...errorResponsesOf(opsContentCreateErrors, staffOnly) } } },
    async (request, reply) => reply.status(201).send(await service.create(staffActorOf(request), request.body)),
  );
  app.post(
    "/ops/content/preview",
    { schema: { operationId: "api_ops_content_preview", ...ops, summary: "Support staff: Markdown rendered as the storefront will show it", body: opsPreviewBody, response: { 200: previewSchema, ...errorResponsesOf(opsContentErrors, staffOnly) } } },
    async (request) => service.preview(staffActorOf(request), request.body.markdown),
  );
  app.get(
    "/ops/content/:id",
    { schema: { operationId: "api_ops_content_view", ...ops, summary: "Support staff: a document with its texts in every language and its history", params: opsIdParams, response: { 200: opsDocumentSchema, ...errorResponsesOf(opsContentDocumentErrors, staffOnly) } } },
    async (request) => service.opsDocument(staffActorOf(request), request.params.id),
  );
  app.put(
    "/ops/content/:id",
    {
      schema: {
        operationId: "api_ops_content_update",
        ...ops,
        summary: "Support staff: change texts, author, category, related products or the publish window; shown at once",
        params: opsIdParams,
        body: opsUpdateBody,
        response: { 200: opsDocumentSchema, ...errorResponsesOf(opsContentUpdateErrors, staffOnly) },
      },
    },
    async (request) => service.update(staffActorOf(request), request.params.id, request.body),
  );
  for (const [action, published] of [["publish", true], ["unpublish", false]] as const) {
    app.post(
      `/ops/content/:id/${action}`,
      { schema: { operationId: `api_ops_content_${action}`, ...ops, summary: `Support staff: ${action} a document`, params: opsIdParams, response: { 200: opsDocumentSchema, ...errorResponsesOf(opsContentDocumentErrors, staffOnly) } } },
      async (request) => service.setPublished(staffActorOf(request), request.params.id, published),
    );
  }
}

const feedParams = z.object({ locale: z.enum(LOCALES) });

/** The blog's Atom feed per language, beside the storefront's pages (not under /api). */
export function registerFeedRoutes(app: ApiInstance, service: ContentService, deps: { publicUrl: string; productName: string; title: (locale: (typeof LOCALES)[number]) => string }): void {
  const absolute = (path: string) => new URL(path, deps.publicUrl).href;
  app.get(`${BLOG_PATH}/feed/:locale.xml`, { schema: { hide: true, params: feedParams } }, async (request, reply) => {
    const { locale } = request.params;
    const entries = await service.feedEntries(locale);
    const xml = atomFeed({
      id: absolute(`${BLOG_PATH}?lang=${locale}`),
      selfUrl: absolute(feedHref(locale)),
      siteUrl: absolute(BLOG_PATH),
      title: deps.title(locale),
      language: locale,
      fallbackAuthor: deps.productName,
      entries: entries.map((e) => ({ ...e, url: absolute(blogArticleHref(e.slug)) })),
    });
    return reply.headers({ "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=300" }).send(xml);
  });
}
