import { textIn, type Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import type { LandingPageRepository } from "./repository.ts";
import type { LandingPage, LandingPageKind } from "./schemas.ts";

export function createLandingPageService(repo: LandingPageRepository) {
  return {
    /** A page not yet translated shows its default-language texts, and its slug when it has no title at all. */
    async view(kind: LandingPageKind, slug: string, locale: Locale): Promise<LandingPage> {
      const row = await repo.find(kind, slug);
      if (!row) throw AppError.notFound("LANDING_PAGE_DOESNT_EXIST", `No ${kind} page "${slug}"`, "params.slug");
      return { kind, slug, title: textIn(row.title, locale) ?? slug, intro: textIn(row.intro, locale) ?? "", filters: row.filters };
    },
  };
}
export type LandingPageService = ReturnType<typeof createLandingPageService>;
