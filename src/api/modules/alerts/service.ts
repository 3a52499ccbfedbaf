import { createHmac, timingSafeEqual } from "node:crypto";
import { totalPages } from "../../../domain/catalogue/listing.ts";
import { GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { AlertRepository } from "./repository.ts";
import type { BuyAlertChange, BuyAlertsView, WatchStatus, WishlistToggle, WishlistView } from "./schemas.ts";

const WISHLIST_PAGE_SIZE = 24;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
type Customer = { uuid: string };

/** Work that follows a change: a sweep for alerts whose product is back, and for wished products that got cheaper. */
export interface AlertJobs {
  stockChanged(productId: number): Promise<void>;
  /** Staff lowered prices of these products (a price rule, a price set by hand): wishes of them are mailed by the sweep. */
  pricesChanged(productIds: readonly number[]): Promise<void>;
}

/** What an unsubscribe link stops: one buy alert, or price-drop mails for one wished product. */
export type Unsubscribe = { kind: "alert"; alertUuid: string } | { kind: "price"; customerUuid: string; productId: number };

/** Signed, so a link can only stop what it was mailed for; no login needed to use it. */
export function unsubscribeToken(secret: string, what: Unsubscribe): string {
  const payload = Buffer.from(JSON.stringify(what)).toString("base64url");
  return `${payload}.${createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url")}`;
}
function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString()) as Unsubscribe;
  } catch {
    return null;
  }
}

function card(p: { id: number; name: string; slug: string; brand: string; imageUrl: string | null; priceMin: number | null }) {
  return { id: p.id, name: p.name, slug: p.slug, brand: p.brand, imageUrl: p.imageUrl, price: p.priceMin === null ? null : EUR(p.priceMin), inStock: p.priceMin !== null };
}

export function createAlertService(repo: AlertRepository, deps: { secret: string; jobs?: AlertJobs; log?: (msg: string, err: unknown) => void }) {
  const log = deps.log ?? ((msg: string, err: unknown) => console.error(msg, err));
  async function existingProduct(productId: number) {
    const product = await repo.product(productId);
    if (!product) throw AppError.notFound("PRODUCT_DOESNT_EXIST", "There is no product with this id.", "productId");
    return product;
  }

  return {
    async wish(customer: Customer, productId: number): Promise<WishlistToggle> {
      const product = await existingProduct(productId);
      await repo.wish(customer.uuid, productId, product.priceMin ?? product.bluePrice);
      return { productId, active: true, numberOfWishlistItems: await repo.wishlistCount(customer.uuid) };
    },
    async unwish(customer: Customer, productId: number): Promise<WishlistToggle> {
      await repo.unwish(customer.uuid, productId);
      return { productId, active: false, numberOfWishlistItems: await repo.wishlistCount(customer.uuid) };
    },
    /** Which of these products the customer has wished, for hearts on lists. */
    wishedAmong: async (customer: Customer, productIds: number[]) => (await repo.wishlistProductIds(customer.uuid, productIds)).sort((a, b) => a - b),

    async wishlist(customer: Customer, query: { page: number; inStock?: boolean | undefined; categoryId?: number | undefined }): Promise<WishlistView> {
      const { rows, total } = await repo.wishlist(customer.uuid, query, (query.page - 1) * WISHLIST_PAGE_SIZE, WISHLIST_PAGE_SIZE);
      return {
        items: rows.map((row) => ({
          product: card(row),
          priceWhenAdded: EUR(row.priceWhenAdded),
          priceDrop: row.priceMin !== null && row.priceMin < row.priceWhenAdded ? EUR(row.priceWhenAdded - row.priceMin) : null,
          addedAt: new Date(row.addedAt).toISOString(),
        })),
        page: query.page,
        pageSize: WISHLIST_PAGE_SIZE,
        total,
        totalPages: totalPages(total, WISHLIST_PAGE_SIZE),
      };
    },

    /** Adds or changes the alert for a product: any grade (null) or the grades listed; a grade the product does not have is refused. */
    async putAlert(customer: Customer, productId: number, input: { variants: Grade[] | null; searchUuid: string | null }): Promise<BuyAlertChange> {
      await existingProduct(productId);
      const offered = new Set((await repo.variants(productId)).map((v) => v.label));
      const unknown = input.variants?.find((grade) => !offered.has(grade));
      if (unknown) throw AppError.badRequest("PRODUCT_VARIANT_DOESNT_EXIST", `This product has no grade ${unknown}.`, "variants");
      const variants = input.variants && [...new Set(input.variants)].sort((a, b) => GRADES.indexOf(a) - GRADES.indexOf(b));
      await repo.upsertAlert({ customerUuid: customer.uuid, productId, variants, searchUuid: input.searchUuid });
      // Already in stock in an asked-for grade: the sweep mails at once rather than within the minute.
      await deps.jobs?.stockChanged(productId).catch((err: unknown) => log("The alert sweep could not be enqueued", err));
      return { numberOfBuyAlerts: await repo.alertCount(customer.uuid), variants };
    },
    async deleteAlert(customer: Customer, productId: number): Promise<BuyAlertChange> {
      if (!(await repo.deleteAlert(customer.uuid, productId))) throw AppError.notFound("BUY_ALERT_NOT_FOUND", "There is no alert for this product.", "productId");
      return { numberOfBuyAlerts: await repo.alertCount(customer.uuid) };
    },
    /** The header's badges: waiting buy alerts and wishlist items. */
    counts: (customer: Customer) => repo.counts(customer.uuid),
    /** Whether the customer wished the product and waits for it, for its page's controls. */
    async watchStatus(customer: Customer, productId: number): Promise<WatchStatus> {
      const [wished, alert] = await Promise.all([repo.wishlistProductIds(customer.uuid, [productId]), repo.alertOf(customer.uuid, productId)]);
      return { wished: wished.length > 0, buyAlert: alert && !alert.notifiedAt ? { variants: alert.variants } : null };
    },
    async alerts(customer: Customer): Promise<BuyAlertsView> {
      const rows = await repo.alerts(customer.uuid);
      return {
        alerts: rows.map((row) => ({
          uuid: row.uuid,
          product: card(row.product),
          variants: row.variants,
          createdAt: new Date(row.createdAt).toISOString(),
          notifiedAt: row.notifiedAt && new Date(row.notifiedAt).toISOString(),
        })),
        numberOfBuyAlerts: rows.filter((r) => r.notifiedAt === null).length,
      };
    },

    /** The mailed link: ends the alert, or the price-drop mails of one wished product. Where the browser goes next. */
    async unsubscribe(token: string): Promise<"alert" | "price"> {
      const what = readUnsubscribeToken(deps.secret, token);
      if (!what) throw AppError.badRequest("UNSUBSCRIBE_TOKEN_INVALID", "This link is not valid.", "token");
      if (what.kind === "alert") await repo.deleteAlertByUuid(what.alertUuid);
      // No price is below 0: no further price-drop mail for this product.
      else await repo.markPriceNotified(what.customerUuid, what.productId, 0);
      return what.kind;
    },

    /** Fulfilment (or an admin) sets a grade's stock or price, audited as stock.set; alerts waiting for it are mailed by the sweep. */
    async setStock(actor: StaffActor, productId: number, label: Grade, change: { quantity?: number | undefined; price?: number | undefined }): Promise<{ productId: number; label: Grade }> {
      requireRole(actor, "fulfilment");
      const found = await repo.inTransaction(async (writer) => {
        const before = await writer.variantForUpdate(productId, label);
        if (!before) return false;
        if (change.quantity !== undefined) await writer.countStock(productId, label, change.quantity, `staff:${actor.email}`);
        if (change.price !== undefined) await writer.setPrice(productId, label, change.price);
        const after = { quantity: change.quantity ?? before.quantity, price: change.price ?? before.price };
        await writer.audit(actor, { action: "stock.set", entityType: "product_variant", entityId: `${productId}/${label}`, before, after });
        return true;
      });
      if (!found) throw AppError.notFound("PRODUCT_VARIANT_DOESNT_EXIST", "This product has no such grade.", "label");
      await deps.jobs?.stockChanged(productId).catch((err: unknown) => log("The alert sweep could not be enqueued", err));
      return { productId, label };
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
