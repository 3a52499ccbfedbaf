import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { landingPages } from "../../../db/schema/content.ts";
import { DEFAULT_LOCALE } from "../../../domain/i18n/locales.ts";
import { AppError, errorResponses } from "../../errors.ts";
import { localeQuery } from "../../schemas.ts";
import type { ApiInstance } from "../../types.ts";

const landingPageSchema = z.object({
  kind: z.enum(["landing", "theme", "promo"]),
  slug: z.string(),
  title: z.string(),
  intro: z.string(),
  filters: z.record(z.string(), z.unknown()).describe("Filters for api_product_list_view"),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

/** Curated lists: the sale and brand landing pages, theme pages and promo pages. */
export function registerLandingPageRoutes(app: ApiInstance, db: Db): void {
  app.get(
    "/landing-pages/:kind/:slug",
    {
      schema: {
        operationId: "api_landing_page_view",
        tags: ["content"],
        summary: "A curated product list: its title, introduction and filters",
        params: z.object({ kind: z.enum(["landing", "theme", "promo"]), slug: z.string().regex(/^[a-z0-9-]{1,80}$/, "Slugs are lower-case words joined by dashes") }),
        querystring: z.object({ locale: localeQuery }),
        response: { 200: landingPageSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request) => {
      const { kind, slug } = request.params;
      const locale = request.query.locale ?? request.locale;
      const [row] = await db.select().from(landingPages).where(and(eq(landingPages.kind, kind), eq(landingPages.slug, slug))).limit(1);
      if (!row) throw AppError.notFound("LANDING_PAGE_DOESNT_EXIST", `No ${kind} page "${slug}"`, "params.slug");
      return { kind, slug, title: row.title[locale] ?? row.title[DEFAULT_LOCALE] ?? slug, intro: row.intro[locale] ?? row.intro[DEFAULT_LOCALE] ?? "", filters: row.filters };
    },
  );
}
