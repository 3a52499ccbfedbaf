import { PRODUCT_PICTURE_LIMITS } from "../../../domain/catalogue/catalogue-editing.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { AppError } from "../../errors.ts";
import { keptPhotoSizes, type SentPhoto } from "../../photo-uploads.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { ProductOpsRepository, ProductOpsWriter } from "./ops-repository.ts";
import type { OpsProduct } from "./ops-schemas.ts";
import { CATALOGUE_ROLES, productNotFound } from "./ops-service.ts";

const pictureNotFound = () => AppError.notFound("PHOTO_NOT_FOUND", "This product has no such picture.", "params.mediaId");

/** The product locked for a change of its pictures: two changes of one product's pictures take turns. */
async function locked(tx: ProductOpsWriter, productId: number) {
  if (!(await tx.lockProduct(productId))) throw productNotFound(productId);
  return tx.media(productId);
}

/**
 * A product's pictures as staff manage them: uploads re-encoded as WebP in the storefront's two
 * sizes (without the originals' metadata) and kept in the database, so every instance serves them;
 * put in order and removed. Each change is audited in its transaction, and the product_media rows
 * it writes announce it to every instance's caches.
 */
export function createPictureOpsService(repo: ProductOpsRepository, deps: { current: (productId: number, locale: Locale) => Promise<OpsProduct> }) {
  return {
    /** Adds pictures after the product's last one. The role and the product are checked before the files are read; all are kept or none. */
    async upload(actor: StaffActor, productId: number, read: () => Promise<SentPhoto[]>, locale: Locale): Promise<OpsProduct> {
      requireRole(actor, ...CATALOGUE_ROLES);
      if (!(await repo.product(productId, locale))) throw productNotFound(productId);
      const sizes = await keptPhotoSizes(await read(), PRODUCT_PICTURE_LIMITS, [PRODUCT_PICTURE_LIMITS.maxEdge, PRODUCT_PICTURE_LIMITS.thumbEdge]);
      await repo.inTransaction(async (tx) => {
        const media = await locked(tx, productId);
        if (media.length + sizes.length > PRODUCT_PICTURE_LIMITS.perProduct) {
          const room = Math.max(0, PRODUCT_PICTURE_LIMITS.perProduct - media.length);
          throw AppError.badRequest("PHOTO_LIMIT", `A product shows at most ${PRODUCT_PICTURE_LIMITS.perProduct} pictures; this one has ${media.length}, so ${room} more fit.`, "photos");
        }
        const next = Math.max(-1, ...media.map((m) => m.position)) + 1;
        const ids = await tx.addPictures(productId, actor.uuid, sizes.map(([large, thumb]) => ({ large: large!, thumb: thumb! })), next);
        await tx.audit(actor, { action: "product.pictures_added", entityType: "product", entityId: String(productId), after: { pictures: ids } });
      });
      return deps.current(productId, locale);
    },

    /** Puts the product's pictures in this order (every one named once); the first is the cards' picture. */
    async reorder(actor: StaffActor, productId: number, mediaIds: readonly number[], locale: Locale): Promise<OpsProduct> {
      requireRole(actor, ...CATALOGUE_ROLES);
      await repo.inTransaction(async (tx) => {
        const media = await locked(tx, productId);
        const before = media.map((m) => m.mediaId);
        const same = mediaIds.length === before.length && new Set(mediaIds).size === mediaIds.length && mediaIds.every((id) => before.includes(id));
        if (!same) throw AppError.badRequest("VALIDATION_FAILED", `Name each of the product's ${before.length} pictures once, in the new order.`, "body.mediaIds");
        await tx.setOrder(productId, mediaIds);
        await tx.audit(actor, { action: "product.pictures_ordered", entityType: "product", entityId: String(productId), before: { order: before }, after: { order: mediaIds } });
      });
      return deps.current(productId, locale);
    },

    /** Removes one picture (an upload's bytes with it); the others close up. */
    async remove(actor: StaffActor, productId: number, mediaId: number, locale: Locale): Promise<OpsProduct> {
      requireRole(actor, ...CATALOGUE_ROLES);
      await repo.inTransaction(async (tx) => {
        const media = await locked(tx, productId);
        const entry = media.find((m) => m.mediaId === mediaId);
        if (!entry) throw pictureNotFound();
        await tx.removeMedia(productId, entry);
        await tx.setOrder(productId, media.filter((m) => m !== entry).map((m) => m.mediaId));
        const { width: _width, height: _height, ...removed } = entry;
        await tx.audit(actor, { action: "product.picture_removed", entityType: "product", entityId: String(productId), before: removed });
      });
      return deps.current(productId, locale);
    },
  };
}
export type PictureOpsService = ReturnType<typeof createPictureOpsService>;
