import { and, asc, count, desc, eq, inArray, isNull, gt, lte, or, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { products } from "../../../db/schema/catalogue.ts";
import { contentDocuments, contentTranslations, contentVersions } from "../../../db/schema/documents.ts";
import type { ContentType } from "../../../domain/content/content.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { isUniqueViolation } from "../../../db/errors.ts";

export type DocumentRow = typeof contentDocuments.$inferSelect;
export type TranslationRow = typeof contentTranslations.$inferSelect;
type VersionAction = (typeof contentVersions.$inferInsert)["action"];

/** The staff action each kind of version is, in the audit log. */
const AUDIT_ACTIONS: Record<VersionAction, string> = { created: "content.create", edited: "content.update", published: "content.publish", unpublished: "content.unpublish" };

/** Published and inside the publish window: what visitors see. */
function live(now: Date): SQL {
  const at = now.toISOString();
  return and(
    eq(contentDocuments.published, true),
    or(isNull(contentDocuments.publishFrom), lte(contentDocuments.publishFrom, at)),
    or(isNull(contentDocuments.publishTo), gt(contentDocuments.publishTo, at)),
  )!;
}
const shownSince = sql<string>`coalesce(${contentDocuments.publishFrom}, ${contentDocuments.createdAt})`;

/** Reads a change needs inside its transaction as well as outside. */
function documentReads(db: Db) {
  return {
    async translationsOf(documentId: number): Promise<TranslationRow[]> {
      return db.select().from(contentTranslations).where(eq(contentTranslations.documentId, documentId)).orderBy(asc(contentTranslations.locale));
    },
    /** A document of the type that uses the slug in the language, if any. */
    async slugOwner(type: ContentType, locale: Locale, slug: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: contentTranslations.documentId })
        .from(contentTranslations)
        .where(and(eq(contentTranslations.type, type), eq(contentTranslations.locale, locale), eq(contentTranslations.slug, slug)))
        .limit(1);
      return row?.id;
    },
  };
}

/** A translation's slug was taken by another document's change at the same moment (the unique index decided). */
export class SlugTaken extends Error {
  constructor() {
    super("A slug was taken at the same moment");
  }
}

export function createContentRepository(db: Db) {
  return {
    ...documentReads(db),

    async articlePage(query: { locale: Locale; category?: string | undefined; offset: number; limit: number; now: Date }) {
      const where = and(eq(contentDocuments.type, "article"), live(query.now), query.category ? eq(contentDocuments.category, query.category) : undefined);
      const [total] = await db.select({ n: count() }).from(contentDocuments).where(where);
      const rows = await db
        .select({ doc: contentDocuments, text: contentTranslations, shownSince })
        .from(contentDocuments)
        .innerJoin(contentTranslations, and(eq(contentTranslations.documentId, contentDocuments.id), eq(contentTranslations.locale, query.locale)))
        .where(where)
        .orderBy(desc(shownSince), desc(contentDocuments.id))
        .offset(query.offset)
        .limit(query.limit);
      return { total: total?.n ?? 0, rows };
    },

    async articleCategoryCounts(now: Date) {
      return db
        .select({ category: contentDocuments.category, n: count() })
        .from(contentDocuments)
        .where(and(eq(contentDocuments.type, "article"), live(now)))
        .groupBy(contentDocuments.category);
    },

    /** A live document of the type whose slug in any language (or, for pages, whose key) is this. */
    async liveBySlug(type: ContentType, slug: string, now: Date): Promise<DocumentRow | undefined> {
      const match = db.select({ id: contentTranslations.documentId }).from(contentTranslations).where(and(eq(contentTranslations.type, type), eq(contentTranslations.slug, slug)));
      const [row] = await db
        .select()
        .from(contentDocuments)
        .where(and(eq(contentDocuments.type, type), live(now), or(inArray(contentDocuments.id, match), type === "page" ? eq(contentDocuments.key, slug) : undefined)))
        .limit(1);
      return row;
    },

    async liveByKey(type: ContentType, key: string, now: Date): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(contentDocuments)
        .where(and(eq(contentDocuments.type, type), eq(contentDocuments.key, key), live(now)))
        .limit(1);
      return row;
    },

    async productsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(inArray(products.id, [...ids]));
    },

    /** Every live article, legal text and page with its slugs: the content sitemap. */
    async liveAddresses(now: Date) {
      return db
        .select({ id: contentDocuments.id, type: contentDocuments.type, key: contentDocuments.key, locale: contentTranslations.locale, slug: contentTranslations.slug })
        .from(contentDocuments)
        .innerJoin(contentTranslations, eq(contentTranslations.documentId, contentDocuments.id))
        .where(and(inArray(contentDocuments.type, ["article", "legal", "page"]), live(now)))
        .orderBy(asc(contentDocuments.id));
    },

    // Staff side.
    async list(query: { type?: ContentType | undefined; locale: Locale; offset: number; limit: number }) {
      const where = query.type ? eq(contentDocuments.type, query.type) : undefined;
      const [total] = await db.select({ n: count() }).from(contentDocuments).where(where);
      const rows = await db
        .select({ doc: contentDocuments, title: contentTranslations.title })
        .from(contentDocuments)
        .leftJoin(contentTranslations, and(eq(contentTranslations.documentId, contentDocuments.id), eq(contentTranslations.locale, query.locale)))
        .where(where)
        .orderBy(asc(contentDocuments.type), desc(contentDocuments.updatedAt), asc(contentDocuments.id))
        .offset(query.offset)
        .limit(query.limit);
      return { total: total?.n ?? 0, rows };
    },

    async document(id: number): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(contentDocuments).where(eq(contentDocuments.id, id)).limit(1);
      return row;
    },

    async byKey(type: ContentType, key: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(contentDocuments).where(and(eq(contentDocuments.type, type), eq(contentDocuments.key, key))).limit(1);
      return row;
    },

    async versions(documentId: number) {
      return db
        .select({ version: contentVersions.version, action: contentVersions.action, editor: contentVersions.editor, changes: contentVersions.changes, createdAt: contentVersions.createdAt })
        .from(contentVersions)
        .where(eq(contentVersions.documentId, documentId))
        .orderBy(desc(contentVersions.id))
        .limit(100);
    },

    /** Runs a change of one document with its row locked, so two editors' saves take turns and versions count up one by one. */
    /** `work` on the locked document; a slug another change took at the same moment throws SlugTaken. */
    async change<T>(id: number, work: (writer: ReturnType<typeof createWriter>, doc: DocumentRow) => Promise<T>): Promise<T | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const txDb = tx as unknown as Db;
          const [doc] = await txDb.select().from(contentDocuments).where(eq(contentDocuments.id, id)).for("update");
          if (!doc) return undefined;
          return work(createWriter(txDb), doc);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new SlugTaken();
        throw error;
      }
    },

    /** The new document, kept as its first version and audited; undefined when its key or a slug is taken (by a create at the same moment too). */
    async insertDocument(doc: typeof contentDocuments.$inferInsert, translations: Omit<typeof contentTranslations.$inferInsert, "documentId">[], actor: AuditActor): Promise<DocumentRow | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const txDb = tx as unknown as Db;
          const [row] = await txDb.insert(contentDocuments).values(doc).returning();
          await txDb.insert(contentTranslations).values(translations.map((t) => ({ ...t, documentId: row!.id })));
          await createWriter(txDb).recordChange(actor, row!, "created", [], { after: { type: row!.type, key: row!.key, version: row!.version, published: row!.published } });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
  };
}

function createWriter(db: Db) {
  return {
    ...documentReads(db),
    async upsertTranslation(row: typeof contentTranslations.$inferInsert): Promise<void> {
      const { documentId: _d, locale: _l, ...fields } = row;
      await db.insert(contentTranslations).values(row).onConflictDoUpdate({ target: [contentTranslations.documentId, contentTranslations.locale], set: fields });
    },
    async updateDocument(id: number, set: Partial<typeof contentDocuments.$inferInsert>): Promise<DocumentRow> {
      const [row] = await db
        .update(contentDocuments)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(contentDocuments.id, id))
        .returning();
      return row!;
    },
    /**
     * The document as it is after the change, with its texts, kept beside who changed what; and the
     * staff action's audit row (what changed, before and after), in the change's transaction.
     */
    async recordChange(actor: AuditActor, doc: DocumentRow, action: VersionAction, changes: string[], audit: { before?: unknown; after: unknown }): Promise<void> {
      const texts = await db.select().from(contentTranslations).where(eq(contentTranslations.documentId, doc.id));
      await db.insert(contentVersions).values({ documentId: doc.id, version: doc.version, action, editor: actor.email, changes, snapshot: { ...doc, translations: texts } });
      await appendAudit(db, actor, { action: AUDIT_ACTIONS[action], entityType: "content", entityId: String(doc.id), ...audit });
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
