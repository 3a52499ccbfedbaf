import { PARCEL_PHOTO_LIMITS, parcelPhotosState } from "../../../domain/selling/parcel-photos.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { keptPhotos, type SentPhoto } from "../../photo-uploads.ts";
import type { SaleRepository, SaleRow } from "./sale-repository.ts";
import type { OpsSaleView } from "./sale-ops-schemas.ts";
import { SALE_READERS, saleNotFound } from "./sale-ops-service.ts";

/** Refuses a change of the sale's photos unless its parcel is here and the sale is not over. */
function requirePhotosOpen(sale: SaleRow): void {
  const state = parcelPhotosState(sale.status);
  if (state === "not_received") throw new AppError(409, "SALE_NOT_RECEIVED", "Record the parcel as received first.", "saleUuid");
  if (state === "finished") throw new AppError(409, "SALE_TRANSITION_NOT_ALLOWED", `This sale is ${sale.status}: its photos can no longer change.`, "saleUuid");
}

/**
 * Receiving's photos of a parcel's damage: kept in the database, so every instance serves them,
 * each re-encoded on the way in (metadata such as the location stripped). Adding and removing
 * them is receiving's, audited in the change's transaction; whoever may read the sale sees them.
 */
export function createSalePhotoService(repo: SaleRepository, deps: { view: (actor: StaffActor, saleUuid: string) => Promise<OpsSaleView> }) {
  async function openSale(saleUuid: string): Promise<SaleRow> {
    const sale = await repo.sale(saleUuid);
    if (!sale) throw saleNotFound();
    requirePhotosOpen(sale);
    return sale;
  }

  return {
    /**
     * Adds photos to a received sale. The role and the sale are checked before the files are read
     * (`read` reads them from the request); nothing is kept unless every file is an image and the
     * sale keeps at most PARCEL_PHOTO_LIMITS.perSale.
     */
    async upload(actor: StaffActor, saleUuid: string, read: () => Promise<SentPhoto[]>): Promise<OpsSaleView> {
      requireRole(actor, "receiving");
      await openSale(saleUuid);
      const sent = await read();
      const photos = await keptPhotos(sent, PARCEL_PHOTO_LIMITS);
      await repo.inTransaction(async (tx) => {
        // Locked, so two uploads to one sale count one after the other.
        const sale = await tx.lockSale(saleUuid);
        if (!sale) throw saleNotFound();
        requirePhotosOpen(sale);
        const kept = await tx.countParcelPhotos(saleUuid);
        if (kept + photos.length > PARCEL_PHOTO_LIMITS.perSale) {
          const room = Math.max(0, PARCEL_PHOTO_LIMITS.perSale - kept);
          throw AppError.badRequest("PHOTO_LIMIT", `A sale keeps at most ${PARCEL_PHOTO_LIMITS.perSale} photos; this one has ${kept}, so ${room} more fit.`, "photos");
        }
        const uuids = await tx.insertParcelPhotos(saleUuid, actor.uuid, photos);
        await tx.audit(actor, { action: "sale.photo_added", entityType: "sale", entityId: saleUuid, after: { photos: uuids } });
      });
      return deps.view(actor, saleUuid);
    },

    /** The image, for staff who may read the sale. */
    async photo(actor: StaffActor, saleUuid: string, photoUuid: string): Promise<{ contentType: string; bytes: Buffer }> {
      requireRole(actor, ...SALE_READERS);
      const row = await repo.parcelPhoto(saleUuid, photoUuid);
      if (!row) throw AppError.notFound("PHOTO_NOT_FOUND", "This sale has no such photo.", "photoUuid");
      // PGlite reads bytea as Uint8Array, pg as Buffer: sent as a Buffer either way, without a copy.
      return { contentType: row.contentType, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) };
    },

    /** Removes a photo taken by mistake, while the sale's photos may change. */
    async remove(actor: StaffActor, saleUuid: string, photoUuid: string): Promise<OpsSaleView> {
      requireRole(actor, "receiving");
      await repo.inTransaction(async (tx) => {
        const sale = await tx.lockSale(saleUuid);
        if (!sale) throw saleNotFound();
        requirePhotosOpen(sale);
        const removed = await tx.deleteParcelPhoto(saleUuid, photoUuid);
        if (!removed) throw AppError.notFound("PHOTO_NOT_FOUND", "This sale has no such photo.", "photoUuid");
        await tx.audit(actor, {
          action: "sale.photo_removed",
          entityType: "sale",
          entityId: saleUuid,
          before: { photo: removed.uuid, width: removed.width, height: removed.height, uploadedBy: removed.uploadedBy, uploadedAt: new Date(removed.uploadedAt).toISOString() },
        });
      });
      return deps.view(actor, saleUuid);
    },
  };
}

export type SalePhotoService = ReturnType<typeof createSalePhotoService>;
