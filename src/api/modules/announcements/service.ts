import { textIn, type Locale } from "../../../domain/i18n/locales.ts";
import type { AnnouncementRepository } from "./repository.ts";
import type { AnnouncementsView } from "./schemas.ts";

export function createAnnouncementService(repo: AnnouncementRepository, clock: () => Date) {
  return {
    async view(locale: Locale): Promise<AnnouncementsView> {
      const now = clock();
      const rows = await repo.current(now);
      return {
        elements: rows
          .map((r) => ({ text: textIn(r.text, locale) ?? "", validTo: new Date(r.validTo).toISOString() }))
          .filter((e) => e.text.length > 0),
        fetched: now.toISOString(),
      };
    },
  };
}
export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
