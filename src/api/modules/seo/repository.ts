import type { Locale } from "../../../domain/i18n/locales.ts";
import type { ContentService } from "../content/service.ts";

/** SEO blocks are content documents of type "seo", keyed by the page's identifier, edited like any other. */
export function createSeoRepository(content: ContentService) {
  return {
    block: (identifier: string, locale: Locale) => content.seoBlock(identifier, locale),
  };
}
export type SeoRepository = ReturnType<typeof createSeoRepository>;
