/**
 * Back-in-stock and price-drop mails as durable jobs. A sweep (every minute, and at once after a
 * stock change) finds alerts whose product is back and wished products that got cheaper, and
 * enqueues one job each, keyed by the alert or the wish so a second sweep or instance adds none.
 * The job looks again before it mails and marks the alert done after: a retry after a crash
 * mails again only if the crash fell between the mail and the mark.
 */
import type { Config } from "../../../config.ts";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { productHref } from "../../../domain/routing/paths.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { backInStockMail, priceDropMail } from "./alert-mails.ts";
import type { AlertRepository } from "./repository.ts";
import { unsubscribeToken, type AlertJobs } from "./service.ts";

/** What the alert jobs read and mark. */
export type AlertJobSource = Pick<AlertRepository, "alert" | "product" | "variants" | "customer" | "alertsBackInStock" | "priceDrops" | "wishlistItem" | "markAlertNotified" | "markPriceMailed">;

export const ALERT_JOB = { sweep: "alerts.sweep", backInStock: "alerts.back-in-stock", priceDrop: "alerts.price-drop" } as const;
const MINUTE_MS = 60_000;
/** Alerts and wishes handled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

export function createAlertJobs(queue: JobQueue): AlertJobs {
  return {
    async stockChanged(productId) {
      await queue.send(ALERT_JOB.sweep, { productId }, { singletonKey: `now:${productId}`, retryLimit: 0 });
    },
    async pricesChanged(productIds) {
      // The sweep finds every wished product now cheaper than mailed about, whichever changed: one sweep serves the whole change.
      const [productId] = productIds;
      if (productId !== undefined) await queue.send(ALERT_JOB.sweep, { productId }, { singletonKey: "now:prices", retryLimit: 0 });
    },
  };
}

export async function registerAlertJobHandlers(queue: JobQueue, repo: AlertJobSource, mailer: Mailer, config: Pick<Config, "PUBLIC_URL" | "COOKIE_SECRET">, options: { clock?: () => Date } = {}): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  const url = (path: string) => new URL(path, config.PUBLIC_URL).href;
  const unsubscribeUrl = (what: Parameters<typeof unsubscribeToken>[1]) => url(`/api/alerts/unsubscribe?token=${unsubscribeToken(config.COOKIE_SECRET, what)}`);

  async function sweep(): Promise<void> {
    for (const uuid of await repo.alertsBackInStock(SWEEP_BATCH)) await queue.send(ALERT_JOB.backInStock, { alertUuid: uuid }, { singletonKey: uuid });
    for (const wish of await repo.priceDrops(SWEEP_BATCH)) await queue.send(ALERT_JOB.priceDrop, wish, { singletonKey: `${wish.customerUuid}:${wish.productId}` });
  }

  queue.work(ALERT_JOB.sweep, async (job) => {
    // The minute chain goes on whatever this run finds; a sweep woken by a stock change starts none.
    if (!(job.data as { productId?: number }).productId) {
      const next = new Date((Math.floor(clock().getTime() / MINUTE_MS) + 1) * MINUTE_MS);
      await queue.send(ALERT_JOB.sweep, {}, { startAfter: next, singletonKey: `sweep:${next.toISOString().slice(0, 16)}`, retryLimit: 0 });
    }
    await sweep();
  });

  queue.work(ALERT_JOB.backInStock, async (job) => {
    const alert = await repo.alert((job.data as { alertUuid: string }).alertUuid);
    if (!alert || alert.notifiedAt) return;
    const [product, variants, customer] = await Promise.all([repo.product(alert.productId), repo.variants(alert.productId), repo.customer(alert.customerUuid)]);
    if (!product || !customer) return;
    const offers = variants
      .filter((v) => v.quantity > 0 && (!alert.variants || alert.variants.includes(v.label)))
      .sort((a, b) => GRADES.indexOf(a.label) - GRADES.indexOf(b.label))
      .map((v) => ({ grade: v.label, priceCents: v.price }));
    // Sold out again before the mail went: the alert keeps waiting.
    if (offers.length === 0) return;
    await mailer.send({
      to: customer.email,
      ...backInStockMail({
        locale: resolveLocale(customer.locale),
        firstName: customer.firstName,
        productName: product.name,
        offers,
        productUrl: url(productHref(product.id, product.slug, { variant: offers[0]!.grade })),
        unsubscribeUrl: unsubscribeUrl({ kind: "alert", alertUuid: alert.uuid }),
      }),
    });
    await repo.markAlertNotified(alert.uuid, alert.createdAt);
  });

  queue.work(ALERT_JOB.priceDrop, async (job) => {
    const { customerUuid, productId } = job.data as { customerUuid: string; productId: number };
    const [wish, product, customer] = await Promise.all([repo.wishlistItem(customerUuid, productId), repo.product(productId), repo.customer(customerUuid)]);
    if (!wish || !product || !customer || product.priceMin === null) return;
    const before = wish.notifiedPrice ?? wish.priceWhenAdded;
    if (product.priceMin >= before) return;
    await mailer.send({
      to: customer.email,
      ...priceDropMail({
        locale: resolveLocale(customer.locale),
        firstName: customer.firstName,
        productName: product.name,
        oldPriceCents: before,
        newPriceCents: product.priceMin,
        productUrl: url(productHref(product.id, product.slug)),
        unsubscribeUrl: unsubscribeUrl({ kind: "price", customerUuid, productId }),
      }),
    });
    await repo.markPriceMailed(customerUuid, productId, product.priceMin);
  });

  await queue.send(ALERT_JOB.sweep, {}, { singletonKey: `sweep:${clock().toISOString().slice(0, 16)}`, retryLimit: 0 });
}
