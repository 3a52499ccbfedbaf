import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { seoBlocks } from "../../../db/schema/content.ts";
import { AppError, errorResponses } from "../../errors.ts";
import { localeQuery } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";

const seoBlockSchema = z.object({ identifier: z.string(), title: z.string(), paragraphs: z.array(z.string()) });
export type SeoBlock = z.infer<typeof seoBlockSchema>;

/** Editorial text for a page, e.g. identifier "category-1112". Small enough for routes → query directly. */
export function registerSeoRoutes(app: ApiInstance, db: Db): void {
  app.get(
    "/seo-blocks/:identifier",
    {
      schema: {
        operationId: "api_get_seo_block",
        tags: ["content"],
        summary: "A page's editorial text in the current language",
        params: z.object({ identifier: z.string().regex(/^[a-z0-9-]{1,100}$/, "Identifiers are lower-case words and digits joined by dashes") }),
        querystring: z.object({ locale: localeQuery }),
        response: { 200: seoBlockSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request) => {
      const locale = request.query.locale ?? request.locale;
      const [row] = await db
        .select()
        .from(seoBlocks)
        .where(and(eq(seoBlocks.identifier, request.params.identifier), eq(seoBlocks.locale, locale)))
        .limit(1);
      if (!row) throw AppError.notFound("SEO_BLOCK_DOESNT_EXIST", `No text "${request.params.identifier}" in ${locale}`, "params.identifier");
      return { identifier: row.identifier, title: row.title, paragraphs: row.body.split(/\n\s*\n/).filter(Boolean) };
    },
  );
}
