/**
 * What follows a sale's committed changes, as durable jobs: one mail per step in the seller's
 * language (the first with the shipping label), and a sweep every minute that reminds sellers of
 * an open counteroffer and settles those left unanswered. Handlers read the sale as it is when
 * they run, so a mail that no longer fits (the counteroffer was answered) is not sent.
 */
import type { Config } from "../../../config.ts";
import { COUNTEROFFER_REMINDER_DAYS_BEFORE, SALE_STATUSES, type SaleStatus } from "../../../domain/selling/sales.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { saleLabel, saleSummaryOf } from "./sale-documents.ts";
import { saleMail, type SaleMailKind } from "./sale-mails.ts";
import type { SaleService } from "./sale-service.ts";
import type { SaleJobs } from "./sale-steps.ts";

export const SALE_JOB = { mail: "sale.mail", sweep: "sale.sweep" } as const;

interface SaleMailJob {
  saleUuid: string;
  kind: SaleMailKind;
}

/**
 * The statuses at which a mail is still true: the arrival of the parcel and the start of the
 * inspection stay true as the sale goes on (staff often record both, and more, in one go), so
 * their mails still go out; a counteroffer's mails only while it is open, and so on.
 */
const AFTER_RECEIPT: readonly SaleStatus[] = ["parcel_received", "in_inspection", "counteroffer", "offer_confirmed", "paid", "returned"];
const STILL_TRUE: Record<SaleMailKind, readonly SaleStatus[]> = {
  created: SALE_STATUSES,
  parcelReceived: AFTER_RECEIPT,
  inspectionStarted: AFTER_RECEIPT.filter((s) => s !== "parcel_received"),
  counteroffer: ["counteroffer"],
  counterofferReminder: ["counteroffer"],
  offerConfirmed: ["offer_confirmed"],
  paid: ["paid"],
  returned: ["returned"],
  payoutReturned: ["offer_confirmed"],
};
const MINUTE_MS = 60_000;

export function createSaleJobs(queue: JobQueue): SaleJobs {
  return {
    async mail(saleUuid, kind) {
      const data: SaleMailJob = { saleUuid, kind };
      await queue.send(SALE_JOB.mail, data, { singletonKey: `${saleUuid}:${kind}` });
    },
  };
}

function sweepKey(at: Date): string {
  return `sweep:${at.toISOString().slice(0, 16)}`;
}

export async function registerSaleJobHandlers(queue: JobQueue, sales: SaleService, mailer: Mailer, config: Pick<Config, "PUBLIC_URL">, options: { clock?: () => Date } = {}): Promise<void> {
  const clock = options.clock ?? (() => new Date());

  queue.work(SALE_JOB.mail, async (job) => {
    const { saleUuid, kind } = job.data as SaleMailJob;
    const sale = await sales.sale(saleUuid);
    // A mail about a step the sale has since left would tell the seller something no longer true.
    if (!sale || !STILL_TRUE[kind].includes(sale.status)) return;
    const [view, seller, items] = await Promise.all([sales.toView(sale), sales.seller(sale.customerUuid), sales.items(sale.uuid)]);
    if (!seller) return;
    const mail = saleMail(kind, saleSummaryOf(sale, view, seller, config.PUBLIC_URL));
    const attachments = kind === "created" ? [await saleLabel(sale, items)].map(({ pdf, fileName }) => ({ filename: fileName, content: pdf, contentType: "application/pdf" })) : [];
    await mailer.send({ to: seller.email, ...mail, ...(attachments.length > 0 ? { attachments } : {}) });
  });

  queue.work(SALE_JOB.sweep, async () => {
    const next = new Date((Math.floor(clock().getTime() / MINUTE_MS) + 1) * MINUTE_MS);
    await queue.send(SALE_JOB.sweep, {}, { startAfter: next, singletonKey: sweepKey(next), retryLimit: 0 });
    await sales.remindCounteroffers(COUNTEROFFER_REMINDER_DAYS_BEFORE);
    await sales.expireCounteroffers();
  });

  await queue.send(SALE_JOB.sweep, {}, { singletonKey: sweepKey(clock()), retryLimit: 0 });
}
