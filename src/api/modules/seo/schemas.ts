import { z } from "zod";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { localeQuery } from "../../schemas.ts";

export const seoBlockParams = z.object({
  identifier: z.string().regex(/^[a-z0-9-]{1,100}$/, "Identifiers are lower-case words and digits joined by dashes"),
});
export const seoBlockQuery = z.object({ locale: localeQuery });
export const seoBlockErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["SEO_BLOCK_DOESNT_EXIST"] });
export type SeoBlockError = OperationError<typeof seoBlockErrors>;

export const seoBlockSchema = z.object({
  identifier: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()).describe("The body's paragraphs as written (Markdown source)"),
  html: z.string().describe("The body rendered from Markdown: no raw HTML, no script links"),
});
export type SeoBlock = z.infer<typeof seoBlockSchema>;
