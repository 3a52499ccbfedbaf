import { z } from "zod";
import { BLOG_CATEGORIES, CONTENT_TYPES, SLUG_PATTERN } from "../../../domain/content/content.ts";
import { LOCALES } from "../../../domain/i18n/locales.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idField, idParam, isoTimeParam, localeQuery, pagedAnswerFields, pageParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const slugParam = (label: string) => z.string().regex(/^[a-z0-9-]{1,120}$/, `${label} is lower-case words and digits joined by dashes`);
/** Markdown keeps its line breaks, unlike other text input; NUL and lone surrogates cannot be stored. */
const markdownField = z
  .string({ error: "Body must be text" })
  .max(50_000, "A body has at most 50,000 characters")
  .regex(/^[^\0]*$/u, "Body must not contain NUL")
  .regex(/^\P{Cs}*$/u, "Body must be well-formed text");
const isoTime = isoTimeParam;

export const blogListQuery = z.object({ locale: localeQuery, page: pageParam(1000), category: z.enum(Object.keys(BLOG_CATEGORIES) as [string, ...string[]], { error: "Unknown blog category" }).optional() });
export const slugParams = z.object({ slug: slugParam("A slug") });
export const legalParams = z.object({ documentType: slugParam("A document type") });
export const localeOnlyQuery = z.object({ locale: localeQuery });
export type BlogListQuery = QueryParams<typeof blogListQuery>;
export const blogListErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type BlogListError = OperationError<typeof blogListErrors>;
/** A live document by its slug or type (CONTENT_DOESNT_EXIST: it has no text at all). */
export const articleErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["ARTICLE_DOESNT_EXIST", "CONTENT_DOESNT_EXIST"] });
export type ArticleError = OperationError<typeof articleErrors>;
export const legalDocumentErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["LEGAL_DOCUMENT_DOESNT_EXIST", "CONTENT_DOESNT_EXIST"] });
export type LegalDocumentError = OperationError<typeof legalDocumentErrors>;
export const contentPageErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["PAGE_DOESNT_EXIST", "CONTENT_DOESNT_EXIST"] });
export type ContentPageError = OperationError<typeof contentPageErrors>;

const alternates = z.record(z.string(), z.string()).describe("The document's slug in each language");
const categoryRef = z.object({ key: z.string(), name: z.string() });

export const articleCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string().nullable(),
  publishedAt: z.string(),
  readingMinutes: z.number().int(),
  category: categoryRef.nullable(),
});
export const blogListSchema = z.object({
  items: z.array(articleCardSchema),
  categories: z.array(categoryRef.extend({ count: z.number().int() })),
  category: categoryRef.nullable(),
  ...pagedAnswerFields,
});

const documentViewFields = {
  key: z.string(),
  slug: z.string(),
  locale: z.enum(LOCALES),
  title: z.string(),
  html: z.string().describe("The body rendered from Markdown: no raw HTML, no script links"),
  seoTitle: z.string(),
  seoDescription: z.string(),
  updatedAt: z.string(),
  alternates,
};
export const articleSchema = z.object({
  ...documentViewFields,
  author: z.string().nullable(),
  publishedAt: z.string(),
  readingMinutes: z.number().int(),
  category: categoryRef.nullable(),
  relatedProducts: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});
export const legalDocumentSchema = z.object({ ...documentViewFields, version: z.number().int() });
export const pageSchema = z.object(documentViewFields);

// Staff side.
export const opsListQuery = z.object({ type: z.enum(CONTENT_TYPES, { error: `Type is one of ${CONTENT_TYPES.join(", ")}` }).optional(), page: pageParam(10_000) });
export type OpsContentListQuery = QueryParams<typeof opsListQuery>;
export const opsIdParams = z.object({ id: idParam("Document id") });
/** The staff editor's operations answer ROUTE_NOT_FOUND to anyone but staff, and the staff guard's answers (the role: support). */
export const opsContentErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ROUTE_NOT_FOUND"] });
export type OpsContentError = OperationError<typeof opsContentErrors>;
export const opsContentDocumentErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ROUTE_NOT_FOUND", "CONTENT_DOESNT_EXIST"] });
export type OpsContentDocumentError = OperationError<typeof opsContentDocumentErrors>;
export const opsContentUpdateErrors = operationErrors({
  400: ["VALIDATION_FAILED", "PUBLISH_WINDOW_INVALID"],
  ...STAFF_GUARD_ERRORS,
  404: ["ROUTE_NOT_FOUND", "CONTENT_DOESNT_EXIST"],
  409: ["SLUG_TAKEN"],
});
export type OpsContentUpdateError = OperationError<typeof opsContentUpdateErrors>;
export const opsContentCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["ROUTE_NOT_FOUND"], 409: ["KEY_TAKEN"] });
export type OpsContentCreateError = OperationError<typeof opsContentCreateErrors>;

const translationFields = z.object({
  slug: z.string().max(120, "A slug has at most 120 characters").regex(SLUG_PATTERN, "A slug is lower-case words and digits joined by single dashes"),
  title: textParam("Title", 200),
  body: markdownField,
  seoTitle: z.string().max(200).regex(/^\P{Cc}*$/u, "SEO title must be one line"),
  seoDescription: z.string().max(400).regex(/^\P{Cc}*$/u, "SEO description must be one line"),
});
export const opsUpdateBody = z.object(
  {
    translations: z.partialRecord(z.enum(LOCALES), translationFields).optional(),
    author: z.string().max(120).regex(/^\P{Cc}*$/u).nullable().optional(),
    category: z.enum(Object.keys(BLOG_CATEGORIES) as [string, ...string[]], { error: "Unknown blog category" }).nullable().optional(),
    publishFrom: isoTime.nullable().optional(),
    publishTo: isoTime.nullable().optional(),
    relatedProductIds: z.array(idField("Product id")).max(12).optional(),
  },
  { error: "Send a JSON object with the fields to change" },
);
export const opsCreateBody = z.object(
  {
    type: z.enum(["article", "page"], { error: "New documents are articles or pages" }),
    // The key is the new document's first slug in every language, so it follows the slug's rule.
    key: z.string().max(120, "A key has at most 120 characters").regex(SLUG_PATTERN, "A key is lower-case words and digits joined by single dashes"),
  },
  { error: "Send a JSON body with type and key" },
);
export type OpsContentCreateBody = z.input<typeof opsCreateBody>;
export const opsPreviewBody = z.object({ markdown: markdownField }, { error: "Send a JSON body with markdown" });
export type OpsContentPreviewBody = z.input<typeof opsPreviewBody>;
export const previewSchema = z.object({ html: z.string() });

const windowFields = { published: z.boolean(), live: z.boolean(), publishFrom: z.string().nullable(), publishTo: z.string().nullable() };
export const opsListSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), type: z.enum(CONTENT_TYPES), key: z.string(), title: z.string(), version: z.number().int(), updatedAt: z.string(), ...windowFields })),
  ...pagedAnswerFields,
});
export const opsDocumentSchema = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  key: z.string(),
  category: z.string().nullable(),
  author: z.string().nullable(),
  relatedProductIds: z.array(z.number().int()),
  version: z.number().int(),
  updatedAt: z.string(),
  ...windowFields,
  /** Where the document shows in the storefront, per language; null for SEO blocks. */
  hrefs: z.record(z.string(), z.string()).nullable(),
  translations: z.record(z.string(), translationFields),
  versions: z.array(z.object({ version: z.number().int(), action: z.string(), editor: z.string(), changes: z.array(z.string()), createdAt: z.string() })),
});

export type BlogList = z.infer<typeof blogListSchema>;
export type Article = z.infer<typeof articleSchema>;
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export type ContentPage = z.infer<typeof pageSchema>;
export type OpsContentList = z.infer<typeof opsListSchema>;
export type OpsContentDocument = z.infer<typeof opsDocumentSchema>;
export type OpsContentUpdate = z.infer<typeof opsUpdateBody>;
export type TranslationInput = z.infer<typeof translationFields>;
