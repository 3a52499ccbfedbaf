import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { saleParcelPhotos } from "../../../db/schema/selling.ts";

export interface NewParcelPhoto {
  contentType: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** The parcel photos' statements inside a sale's transaction (spread into the sale writer). */
export function parcelPhotoStatements(db: Db) {
  return {
    async countParcelPhotos(saleUuid: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(saleParcelPhotos).where(eq(saleParcelPhotos.saleUuid, saleUuid));
      return row?.n ?? 0;
    },
    /** The new photos' UUIDs, in the order given. */
    async insertParcelPhotos(saleUuid: string, uploadedBy: string, photos: readonly NewParcelPhoto[]): Promise<string[]> {
      if (photos.length === 0) return [];
      const rows = await db
        .insert(saleParcelPhotos)
        .values(photos.map((photo) => ({ ...photo, saleUuid, uploadedBy })))
        .returning({ uuid: saleParcelPhotos.uuid });
      return rows.map((r) => r.uuid);
    },
    /** The removed photo's facts; undefined when the sale has no such photo. */
    async deleteParcelPhoto(saleUuid: string, photoUuid: string) {
      const [row] = await db
        .delete(saleParcelPhotos)
        .where(and(eq(saleParcelPhotos.saleUuid, saleUuid), eq(saleParcelPhotos.uuid, photoUuid)))
        .returning({ uuid: saleParcelPhotos.uuid, width: saleParcelPhotos.width, height: saleParcelPhotos.height, uploadedBy: saleParcelPhotos.uploadedBy, uploadedAt: saleParcelPhotos.uploadedAt });
      return row;
    },
  };
}

/** Reads of a sale's parcel photos (spread into the sale repository). */
export function parcelPhotoReads(db: Db) {
  return {
    /** A sale's photos without their bytes, oldest first, with who took them. */
    async parcelPhotos(saleUuid: string) {
      return db
        .select({ uuid: saleParcelPhotos.uuid, width: saleParcelPhotos.width, height: saleParcelPhotos.height, uploadedAt: saleParcelPhotos.uploadedAt, uploaderEmail: customers.email })
        .from(saleParcelPhotos)
        .leftJoin(customers, eq(customers.uuid, saleParcelPhotos.uploadedBy))
        .where(eq(saleParcelPhotos.saleUuid, saleUuid))
        .orderBy(asc(saleParcelPhotos.uploadedAt), asc(saleParcelPhotos.uuid));
    },
    async parcelPhoto(saleUuid: string, photoUuid: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
      const [row] = await db
        .select({ contentType: saleParcelPhotos.contentType, bytes: saleParcelPhotos.bytes })
        .from(saleParcelPhotos)
        .where(and(eq(saleParcelPhotos.saleUuid, saleUuid), eq(saleParcelPhotos.uuid, photoUuid)));
      return row;
    },
  };
}
