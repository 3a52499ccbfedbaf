import type { Locale } from "../../domain/i18n/locales.ts";

export interface SeedText {
  slug: string;
  title: string;
  body: string;
  seoDescription?: string;
}

/** A demo document: its texts in all six languages. */
export interface SeedDocument {
  type: "article" | "legal" | "page" | "seo";
  key: string;
  category?: string;
  author?: string;
  relatedProductIds?: number[];
  /** Published this many days before seeding. */
  daysAgo?: number;
  texts: Record<Locale, SeedText>;
}
