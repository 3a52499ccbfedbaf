import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditEntry } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { refreshFacetGroupsOf } from "../../../db/facet-groups.ts";
import { containsText } from "../../../db/text-search.ts";
import { categories, categoryTranslations, productMedia, productPictures, products, productVariants } from "../../../db/schema/catalogue.ts";
import { productPictureUrl } from "../../../domain/catalogue/catalogue-editing.ts";
import { GRADE_PRICE_SHARE, GRADES } from "../../../domain/catalogue/grades.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import type { KeptPhoto } from "../../../media/kept-photo.ts";

/** What staff set of a product; the rest (stock, prices of grades, popularity) belongs to others. */
export interface ProductFields {
  name: string;
  slug: string;
  brand: string;
  categoryId: number;
  groupIds: number[];
  propColor: string | null;
  propRom: string | null;
  ean: string | null;
  isbn: string | null;
  asin: string | null;
  attributes: Record<string, string>;
  description: Record<string, string>;
  bluePrice: number;
  chargerCompatible: boolean;
  assemblySplit: boolean;
  allowedPurchase: boolean;
  purchaseStop: boolean;
}

const fieldColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  categoryId: products.categoryId,
  groupIds: products.groupIds,
  propColor: products.propColor,
  propRom: products.propRom,
  ean: products.ean,
  isbn: products.isbn,
  asin: products.asin,
  attributes: products.attributes,
  description: products.description,
  bluePrice: products.bluePrice,
  chargerCompatible: products.chargerCompatible,
  assemblySplit: products.assemblySplit,
  allowedPurchase: products.allowedPurchase,
  purchaseStop: products.purchaseStop,
  createdAt: products.createdAt,
};
export type ProductFieldsRow = ProductFields & { id: number; createdAt: string };

/** A product's pictures and videos as staff manage them: the entry and, for an upload, its size (never its bytes). */
const mediaColumns = {
  mediaId: productMedia.id,
  position: productMedia.position,
  url: productMedia.url,
  thumbnailUrl: productMedia.thumbnailUrl,
  pictureId: productMedia.pictureId,
  isVideo: productMedia.isVideo,
  width: productPictures.width,
  height: productPictures.height,
};
export type MediaRow = { mediaId: number; position: number; url: string; thumbnailUrl: string; pictureId: string | null; isVideo: boolean; width: number | null; height: number | null };

function mediaOf(db: Db, productId: number): Promise<MediaRow[]> {
  return db
    .select(mediaColumns)
    .from(productMedia)
    .leftJoin(productPictures, eq(productPictures.id, productMedia.pictureId))
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position), asc(productMedia.id));
}

/** Statements in a catalogue change's transaction (the products module owns every table they write). */
function createProductOpsWriter(db: Db) {
  return {
    /** The next product id, held until the transaction ends: ids are given by hand (the demo catalogue's are fixed), so two creations take turns. */
    async nextProductId(): Promise<number> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('products.id'))`);
      const [row] = await db.select({ id: sql<number>`coalesce(max(${products.id}), 0) + 1` }).from(products);
      return Number(row!.id);
    },
    /** The whole tree's links (a few hundred rows): a product's group_ids are its category's lineage. */
    categoryLinks(): Promise<{ id: number; parentId: number | null }[]> {
      return db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    },
    async lockProduct(productId: number): Promise<ProductFieldsRow | undefined> {
      const [row] = await db.select(fieldColumns).from(products).where(eq(products.id, productId)).for("update");
      return row;
    },
    /** A new product with its six grades out of stock, each priced at its usual share of the new price until prices are set. */
    async insertProduct(id: number, fields: ProductFields, pricePurchase: number): Promise<void> {
      await db.insert(products).values({ id, ...fields, pricePurchase });
      await db.insert(productVariants).values(GRADES.map((label) => ({ productId: id, label, price: Math.round(fields.bluePrice * GRADE_PRICE_SHARE[label]), quantity: 0 })));
    },
    async updateProduct(id: number, fields: ProductFields): Promise<void> {
      await db.update(products).set(fields).where(eq(products.id, id));
    },
    /** The lists' facet counts of these categories, rebuilt from their products (db/facet-groups.ts). */
    refreshFacetGroupsOf: (categoryIds: readonly number[]) => refreshFacetGroupsOf(db, categoryIds),
    media: (productId: number) => mediaOf(db, productId),
    /** Keeps uploaded pictures in both sizes and appends them to the product's pictures; their ids, in order. */
    async addPictures(productId: number, uploadedBy: string, pictures: readonly { large: KeptPhoto; thumb: KeptPhoto }[], fromPosition: number): Promise<string[]> {
      const kept = await db
        .insert(productPictures)
        .values(pictures.map(({ large, thumb }) => ({ productId, contentType: large.contentType, large: large.bytes, thumb: thumb.bytes, width: large.width, height: large.height, uploadedBy })))
        .returning({ id: productPictures.id });
      await db.insert(productMedia).values(
        kept.map(({ id }, i) => ({
          productId,
          position: fromPosition + i,
          contentType: pictures[i]!.large.contentType,
          url: productPictureUrl(id, "large"),
          thumbnailUrl: productPictureUrl(id, "thumb"),
          pictureId: id,
        })),
      );
      return kept.map(({ id }) => id);
    },
    /** Removes one entry of the product's pictures; an uploaded picture's bytes go with it. */
    async removeMedia(productId: number, entry: MediaRow): Promise<void> {
      if (entry.pictureId) await db.delete(productPictures).where(and(eq(productPictures.id, entry.pictureId), eq(productPictures.productId, productId)));
      await db.delete(productMedia).where(and(eq(productMedia.id, entry.mediaId), eq(productMedia.productId, productId)));
    },
    /** Numbers the product's pictures 0, 1, … in this order, in one statement. */
    async setOrder(productId: number, mediaIds: readonly number[]): Promise<void> {
      if (mediaIds.length === 0) return;
      const cases = sql.join(
        mediaIds.map((id, position) => sql`when ${id} then ${position}`),
        sql` `,
      );
      await db
        .update(productMedia)
        .set({ position: sql`(case ${productMedia.id} ${cases} end)::int` })
        .where(and(eq(productMedia.productId, productId), inArray(productMedia.id, [...mediaIds])));
    },
    /** Appends a staff action's audit row (db/audit-log.ts) in this transaction. */
    audit: (actor: AuditActor, entry: AuditEntry) => appendAudit(db, actor, entry),
  };
}
export type ProductOpsWriter = ReturnType<typeof createProductOpsWriter>;

/** What a list's search matches: part of the name, an identifier exactly (as kept, normalised), or the product number. */
export interface ProductSearch {
  text: string;
  identifier: string;
  productId: number | null;
}

function searchWhere(search: ProductSearch | undefined): SQL | undefined {
  if (!search) return undefined;
  return or(
    containsText(products.name, search.text),
    eq(products.ean, search.identifier),
    eq(products.isbn, search.identifier),
    eq(products.asin, search.identifier),
    search.productId === null ? undefined : eq(products.id, search.productId),
  );
}

/** The first picture's thumbnail, as a column: the list shows it. */
const firstThumbnail = sql<string | null>`(select ${productMedia.thumbnailUrl} from ${productMedia}
  where ${productMedia.productId} = ${products.id} and not ${productMedia.isVideo} order by ${productMedia.position} limit 1)`;

export function createProductOpsRepository(db: Db) {
  const categoryIn = (locale: Locale) => and(eq(categoryTranslations.categoryId, products.categoryId), eq(categoryTranslations.locale, locale));
  return {
    /** A page of products, the newest first, with their category in the staff member's language. */
    async list(search: ProductSearch | undefined, locale: Locale, offset: number, limit: number) {
      const where = searchWhere(search);
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...fieldColumns, categoryName: categoryTranslations.name, categoryPath: categoryTranslations.path, thumbnailUrl: firstThumbnail })
          .from(products)
          .leftJoin(categoryTranslations, categoryIn(locale))
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async product(productId: number, locale: Locale) {
      const [row] = await db
        .select({ ...fieldColumns, categoryName: categoryTranslations.name, categoryPath: categoryTranslations.path, thumbnailUrl: firstThumbnail })
        .from(products)
        .leftJoin(categoryTranslations, categoryIn(locale))
        .where(eq(products.id, productId));
      return row;
    },
    media: (productId: number) => mediaOf(db, productId),
    inTransaction<T>(work: (writer: ProductOpsWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createProductOpsWriter(tx as unknown as Db)));
    },
  };
}
export type ProductOpsRepository = ReturnType<typeof createProductOpsRepository>;
