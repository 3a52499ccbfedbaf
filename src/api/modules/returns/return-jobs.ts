/**
 * The mails of returns and claims, as durable jobs after their transaction has committed: each
 * state change mails the customer in the order's language; the request's mail carries its label.
 * A handler reads the return or claim as it is when it runs, so a retry sends the same mail.
 */
import type { Config } from "../../../config.ts";
import { SHIPPING_CARRIER_NAMES, isShippingCarrier, trackingUrl } from "../../../domain/checkout/carriers.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import type { Job, JobQueue } from "../../../jobs/queue.ts";
import type { Mailer } from "../../../mail/mailer.ts";
import { orderPageUrl } from "../orders/order-access.ts";
import { returnLabel } from "./documents.ts";
import type { ReturnRepository } from "./repository.ts";
import { claimCreatedMail, claimDecidedMail, claimRepairedMail, returnCreatedMail, returnDecidedMail, returnReceivedMail, type ReturnMailContext } from "./return-mails.ts";
import type { ReturnJobs } from "./service.ts";

export const RETURN_JOB = { returned: "return.changed", claimed: "claim.changed" } as const;

interface JobData {
  uuid: string;
  step: string;
}
type Log = (msg: string, err: unknown) => void;

export function createReturnJobs(queue: JobQueue, options: { log?: Log } = {}): ReturnJobs {
  const log: Log = options.log ?? ((msg, err) => console.error(msg, err));
  async function enqueue(name: string, data: JobData): Promise<void> {
    try {
      await queue.send(name, data, { singletonKey: `${data.uuid}:${data.step}` });
    } catch (err) {
      log(`Job ${name} for ${data.uuid} could not be enqueued`, err);
    }
  }
  return {
    returnChanged: (uuid, step) => enqueue(RETURN_JOB.returned, { uuid, step }),
    claimChanged: (uuid, step) => enqueue(RETURN_JOB.claimed, { uuid, step }),
  };
}

export async function registerReturnJobHandlers(queue: JobQueue, repo: ReturnRepository, mailer: Mailer, config: Pick<Config, "PUBLIC_URL" | "COOKIE_SECRET">): Promise<void> {
  async function contextOf(orderUuid: string) {
    const order = await repo.order(orderUuid);
    if (!order) return null;
    const context: ReturnMailContext = {
      locale: resolveLocale(order.locale),
      firstName: order.billingAddress.firstName,
      orderNumber: order.number,
      orderUrl: orderPageUrl(config.PUBLIC_URL, config.COOKIE_SECRET, order),
    };
    return { order, context };
  }

  queue.work(RETURN_JOB.returned, async (job: Job) => {
    const { uuid, step } = job.data as JobData;
    const row = await repo.returnByUuid(uuid);
    const loaded = row && (await contextOf(row.orderUuid));
    if (!row || !loaded) return;
    const { order, context } = loaded;
    const items = await repo.itemsByUuid((await repo.itemsOfReturns([row.uuid])).map((i) => i.orderItemUuid));
    if (step === "created") {
      const label = await returnLabel(order, { number: row.number, kind: row.kind, createdAt: row.createdAt, sendBy: row.sendBy }, items);
      const mail = returnCreatedMail(context, { number: row.number, kind: row.kind, items: items.map((i) => ({ name: i.name, grade: i.label })), sendBy: new Date(row.sendBy) });
      await mailer.send({ to: order.email, ...mail, attachments: [{ filename: label.fileName, content: label.body, contentType: "application/pdf" }] });
    } else if (step === "received") {
      await mailer.send({ to: order.email, ...returnReceivedMail(context, { number: row.number }) });
    } else if (row.decision) {
      const byTransfer = order.paymentMethod === "prepayment";
      await mailer.send({ to: order.email, ...returnDecidedMail(context, { number: row.number, decision: row.decision, refundCents: row.refundAmount, reason: row.decisionReason, byTransfer }) });
    }
  });

  queue.work(RETURN_JOB.claimed, async (job: Job) => {
    const { uuid, step } = job.data as JobData;
    const claim = await repo.claimByUuid(uuid);
    const loaded = claim && (await contextOf(claim.orderUuid));
    if (!claim || !loaded) return;
    const { order, context } = loaded;
    const [item] = await repo.itemsByUuid([claim.orderItemUuid]);
    const itemName = item?.name ?? "";
    if (step === "created") {
      const label = await returnLabel(order, { number: claim.number, kind: "warranty", createdAt: claim.createdAt, sendBy: null }, item ? [item] : []);
      await mailer.send({
        to: order.email,
        ...claimCreatedMail(context, { number: claim.number, itemName, remedy: claim.remedy }),
        attachments: [{ filename: label.fileName, content: label.body, contentType: "application/pdf" }],
      });
    } else if (step === "repaired" && claim.carrier && claim.trackingNumber && isShippingCarrier(claim.carrier)) {
      const url = trackingUrl(claim.carrier, claim.trackingNumber, context.locale);
      await mailer.send({ to: order.email, ...claimRepairedMail(context, { number: claim.number, itemName, carrierName: SHIPPING_CARRIER_NAMES[claim.carrier], trackingNumber: claim.trackingNumber, trackingUrl: url }) });
    } else if (step === "decided" && claim.status !== "open") {
      const decision = claim.status === "in_repair" || claim.status === "repaired" ? "repair" : claim.status === "replaced" ? "replacement" : claim.status === "refunded" ? "refund" : "refused";
      const byTransfer = order.paymentMethod === "prepayment";
      await mailer.send({ to: order.email, ...claimDecidedMail(context, { number: claim.number, itemName, decision, refundCents: claim.refundAmount, reason: claim.decisionReason, byTransfer }) });
    }
  });
}
