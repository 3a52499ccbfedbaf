import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categoryTranslations } from "../../db/schema/catalogue.ts";
import { landingPages } from "../../db/schema/content.ts";
import { contentDocuments, contentTranslations } from "../../db/schema/documents.ts";
import { LOCALES, type Locale } from "../../domain/i18n/locales.ts";
import { slugify } from "../../domain/routing/paths.ts";
import { daysFromSeeding } from "../seed-dates.ts";
import { ARTICLES } from "./articles.ts";
import { LEGAL_DOCUMENTS } from "./legal.ts";
import { PAGES } from "./pages.ts";
import { SEO_TEMPLATE } from "./seo-template.ts";
import type { SeedDocument, SeedText } from "./types.ts";

async function insertDocuments(db: Db, documents: readonly SeedDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const rows = await db
    .insert(contentDocuments)
    .values(
      documents.map((d) => ({
        type: d.type,
        key: d.key,
        category: d.category ?? null,
        author: d.author ?? null,
        relatedProductIds: d.relatedProductIds ?? [],
        published: true,
        publishFrom: daysFromSeeding(-(d.daysAgo ?? 365)).toISOString(),
      })),
    )
    .returning({ id: contentDocuments.id, type: contentDocuments.type, key: contentDocuments.key });
  const texts = rows.flatMap((row) => {
    const doc = documents.find((d) => d.type === row.type && d.key === row.key)!;
    return LOCALES.map((locale) => ({ documentId: row.id, type: row.type, locale, ...doc.texts[locale], seoDescription: doc.texts[locale].seoDescription ?? "" }));
  });
  for (let i = 0; i < texts.length; i += 500) await db.insert(contentTranslations).values(texts.slice(i, i + 500));
}

/** An SEO block per category (every level) and per landing, theme and promo page, from one template per language. */
async function seoDocuments(db: Db): Promise<SeedDocument[]> {
  const names = await db.select({ id: categoryTranslations.categoryId, locale: categoryTranslations.locale, name: categoryTranslations.name }).from(categoryTranslations);
  const byCategory = new Map<number, Partial<Record<Locale, string>>>();
  for (const n of names) byCategory.set(n.id, { ...byCategory.get(n.id), [n.locale]: n.name });
  const block = (key: string, titleIn: (l: Locale) => { title: string; body: string }): SeedDocument => ({
    type: "seo",
    key,
    texts: Object.fromEntries(LOCALES.map((l) => [l, { slug: key, ...titleIn(l) } satisfies SeedText])) as Record<Locale, SeedText>,
  });
  const categories = [...byCategory].map(([id, name]) => block(`category-${id}`, (l) => SEO_TEMPLATE[l](name[l] ?? name.de ?? String(id))));
  const pages = (await db.select().from(landingPages)).map((p) =>
    block(`${p.kind}-${slugify(p.slug)}`, (l) => {
      const general = SEO_TEMPLATE[l](p.title[l] ?? p.slug).body.split("\n\n")[1];
      return { title: p.title[l] ?? p.slug, body: `${p.intro[l] ?? ""}\n\n${general}` };
    }),
  );
  return [...categories, ...pages];
}

/** The demo's documents: legal texts, pages and articles once; SEO blocks once the catalogue is there. */
export async function seedDocuments(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(contentDocuments);
  if ((existing?.n ?? 0) === 0) await insertDocuments(db, [...LEGAL_DOCUMENTS, ...PAGES, ...ARTICLES]);
  const [seo] = await db.select({ n: count() }).from(contentDocuments).where(eq(contentDocuments.type, "seo"));
  if ((seo?.n ?? 0) === 0) await insertDocuments(db, await seoDocuments(db));
}
