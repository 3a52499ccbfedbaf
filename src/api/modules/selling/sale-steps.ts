import { counterofferDeadline, nextSaleStatus, settledPayout, type SaleEvent, type SaleStatus } from "../../../domain/selling/sales.ts";
import type { SaleMailKind } from "./sale-mails.ts";
import type { SaleItemRow, SaleRow, SaleWriter } from "./sale-repository.ts";

/** Mails that follow a committed change of a sale. */
export interface SaleJobs {
  mail(saleUuid: string, kind: SaleMailKind): Promise<void>;
}

/** Which mail a new status sends; null for none. */
export const MAIL_OF: Partial<Record<SaleStatus, SaleMailKind>> = {
  parcel_received: "parcelReceived",
  in_inspection: "inspectionStarted",
  counteroffer: "counteroffer",
  offer_confirmed: "offerConfirmed",
  paid: "paid",
  returned: "returned",
};

/** What the seller is paid if the sale settles now: the counteroffer's prices where there are some. */
export function payoutOf(sale: SaleRow, items: SaleItemRow[]): number {
  const coupon = sale.couponBonusPercent !== null && sale.couponMaxBonus !== null ? { bonusPercent: sale.couponBonusPercent, maxBonusCents: sale.couponMaxBonus } : null;
  return settledPayout(items, { coupon, labelFee: sale.labelFee, expressFee: sale.expressFee });
}

/**
 * The steps of a sale both sides take: the seller's answers (sale-service.ts) and the back-office's
 * receiving and inspection (sale-ops-service.ts) move a sale through the same transitions and mails.
 */
export function createSaleSteps(deps: { jobs?: SaleJobs | undefined; log: (msg: string, err: unknown) => void }) {
  /** The status's mail, once the change is committed; a queue that fails is logged, the change stands. */
  async function afterCommit(saleUuid: string, kind: SaleMailKind | undefined): Promise<void> {
    if (!kind || !deps.jobs) return;
    try {
      await deps.jobs.mail(saleUuid, kind);
    } catch (err) {
      deps.log(`The ${kind} mail of sale ${saleUuid} could not be enqueued`, err);
    }
  }

  /** Applies one event to a locked sale and records it; null when it does not apply to the sale's status. */
  async function transition(tx: SaleWriter, sale: SaleRow, event: SaleEvent, actor: string, now: Date): Promise<SaleStatus | null> {
    const next = nextSaleStatus(sale.status, event);
    if (!next) return null;
    let change: Parameters<SaleWriter["setStatus"]>[2] = {};
    if (next === "counteroffer") change = { counterofferDeadline: counterofferDeadline(now).toISOString() };
    if (next === "offer_confirmed" && sale.status !== "paid") {
      // Settled: the payout is written once, at the final prices, and what the shop bought is stock from now on.
      const items = await tx.items(sale.uuid);
      const payout = payoutOf(sale, items);
      change = { payout };
      await tx.insertPayout(sale.uuid, sale.payoutMethod, payout);
      await tx.takeIntoStock(sale, items, actor);
    }
    if (next === "paid") await tx.markPayoutSent(sale.uuid);
    await tx.setStatus(sale.uuid, next, change);
    await tx.insertEvent({ saleUuid: sale.uuid, fromStatus: sale.status, toStatus: next, event: event.type, actor });
    return next;
  }

  return { afterCommit, transition };
}
