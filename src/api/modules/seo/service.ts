import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import type { SeoRepository } from "./repository.ts";
import type { SeoBlock } from "./schemas.ts";

export function createSeoService(repo: SeoRepository) {
  return {
    /** Texts are Markdown with blank lines between paragraphs: plain paragraphs for simple callers, HTML for the rest. */
    async block(identifier: string, locale: Locale): Promise<SeoBlock> {
      const row = await repo.block(identifier, locale);
      if (!row) throw AppError.notFound("SEO_BLOCK_DOESNT_EXIST", `No text "${identifier}" in ${locale}`, "params.identifier");
      return { identifier, title: row.title, paragraphs: row.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean), html: row.html };
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
