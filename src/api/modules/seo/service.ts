import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import type { SeoRepository } from "./repository.ts";
import type { SeoBlock } from "./schemas.ts";

export function createSeoService(repo: SeoRepository) {
  return {
    /** Texts are stored with blank lines between paragraphs. */
    async block(identifier: string, locale: Locale): Promise<SeoBlock> {
      const row = await repo.block(identifier, locale);
      if (!row) throw AppError.notFound("SEO_BLOCK_DOESNT_EXIST", `No text "${identifier}" in ${locale}`, "params.identifier");
      return { identifier: row.identifier, title: row.title, paragraphs: row.body.split(/\n\s*\n/).filter(Boolean) };
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
