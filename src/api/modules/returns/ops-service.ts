import { parseTrackingNumber } from "../../../domain/checkout/carriers.ts";
import { claimStatusAfter, gradesAtLeast, parseReturnLabel, partialRefundAllowed, returnStatusAfter, type ClaimStatus, type ReturnStatus } from "../../../domain/returns/returns.ts";
import { normalizeIdentifier } from "../../../domain/stock/units.ts";
import type { Db } from "../../../db/client.ts";
import { AppError } from "../../errors.ts";
import { requireRecentSecondFactor, requireRole, type StaffActor } from "../staff/service.ts";
import type { ClaimRow, ReturnableItem, ReturnReads, ReturnRepository, ReturnRow, ReturnWriter } from "./repository.ts";
import type { ClaimDecisionInput, OpsClaimView, OpsReturnView, ReceiveInput, ReturnDecisionInput } from "./schemas.ts";
import type { ReturnJobs } from "./service.ts";
import { claimView, EUR, refundableOf, returnView, unitSummary } from "./views.ts";

/** The orders module's refund inside this module's transaction: bounded by what was paid, once per key. */
export interface ReturnRefunder {
  refundWithin(
    db: Db,
    orderUuid: string,
    request: { amount?: number; items?: { orderItemUuid: string; amount?: number }[]; reason: string; idempotencyKey: string; createdBy: string | null },
  ): Promise<{ refund: { uuid: string; amount: number; status: string }; refundedTotal: number; replayed: boolean }>;
}

const PAGE_SIZE = 20;
const returnNotFound = () => AppError.notFound("RETURN_NOT_FOUND", "There is no such return.", "returnUuid");
const claimNotFound = () => AppError.notFound("CLAIM_NOT_FOUND", "There is no such warranty claim.", "claimUuid");
const staffName = (actor: StaffActor) => `staff:${actor.email}`;

/** Per-item refunds that add up to the amount, taken from the items in turn (each at most what is left of it). */
function spread(amount: number, items: ReturnableItem[]): { orderItemUuid: string; amount: number }[] {
  let left = amount;
  return items.flatMap((item) => {
    const take = Math.min(left, refundableOf(item));
    left -= take;
    return take > 0 ? [{ orderItemUuid: item.uuid, amount: take }] : [];
  });
}

/**
 * Staff's side: receiving scans the label and reads each device's IMEI (a device other than the one
 * shipped is flagged); the decision refunds through the order's refunds inside the return's own
 * locked transaction, so two decisions at once refund once; the units go back to stock, repair or
 * scrap with the return in their history. Claims are repaired, replaced through fulfilment, or refunded.
 */
export function createReturnOpsService(repo: ReturnRepository, deps: { clock: () => Date; refunder: ReturnRefunder; jobs?: ReturnJobs | undefined }) {
  async function opsReturnView(row: ReturnRow, reads: ReturnReads = repo): Promise<OpsReturnView> {
    const order = (await repo.order(row.orderUuid))!;
    const returnItems = await reads.itemsOfReturns([row.uuid]);
    const items = await reads.itemsByUuid(returnItems.map((i) => i.orderItemUuid));
    const byItem = new Map(items.map((i) => [i.uuid, i]));
    const units = new Map(await Promise.all(items.filter((i) => i.unitId !== null).map(async (i) => [i.uuid, await reads.unit(i.unitId!)] as const)));
    const base = returnView(row, returnItems, byItem, order.number);
    return {
      ...base,
      email: order.email,
      customerUuid: order.customerUuid,
      items: returnItems.map((ri) => {
        const item = byItem.get(ri.orderItemUuid)!;
        return { orderItemUuid: item.uuid, name: item.name, grade: item.label, reason: ri.reason, paid: EUR(item.price - item.discount), refundable: EUR(refundableOf(item)), unit: unitSummary(units.get(item.uuid)) };
      }),
      receivedIdentifiers: (row.inspection?.identifiers as Record<string, string | null> | undefined) ?? null,
      identifierMismatch: row.identifierMismatch,
      unitDestination: row.unitDestination,
    };
  }

  async function opsClaimView(row: ClaimRow): Promise<OpsClaimView> {
    const order = (await repo.order(row.orderUuid))!;
    const [item] = await repo.itemsByUuid([row.orderItemUuid]);
    const unit = item?.unitId ? await repo.unit(item.unitId) : undefined;
    const photos = await repo.claimPhotoIds(row.uuid);
    const replacementNumber = await repo.orderNumber(row.replacementOrderUuid);
    return {
      ...claimView(row, item!, order.number, order.locale, { replacementNumber, photoCount: photos.length }),
      email: order.email,
      customerUuid: order.customerUuid,
      item: { orderItemUuid: item!.uuid, name: item!.name, grade: item!.label, reason: null, paid: EUR(item!.price - item!.discount), refundable: EUR(refundableOf(item!)), unit: unitSummary(unit) },
      photoUrls: photos.map((p) => `/api/ops/warranty-claims/${row.uuid}/photos/${p}`),
    };
  }

  async function lockedReturn(tx: ReturnWriter, uuid: string): Promise<ReturnRow> {
    const row = await tx.lockReturn(uuid);
    if (!row) throw returnNotFound();
    return row;
  }

  /** Refused: the returned units go back to the customer as they came. */
  async function sendBack(tx: ReturnWriter, items: ReturnableItem[], actor: StaffActor, number: string) {
    for (const item of items) {
      if (item.unitId === null) continue;
      const unit = await tx.lockUnit(item.unitId);
      if (unit?.status === "returned") await tx.changeUnits([{ unit, change: { status: "shipped" } }], { event: "return_refused", actor: staffName(actor), detail: { return: number } });
    }
  }

  return {
    async listReturns(actor: StaffActor, query: { status?: ReturnStatus | undefined; q?: string | undefined; page: number }) {
      requireRole(actor, "receiving", "grading", "support", "finance");
      const search = query.q ? { returnNumber: parseReturnLabel(query.q)?.number ?? null, text: query.q } : undefined;
      const { rows, total } = await repo.listReturns({ status: query.status, search, offset: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      return {
        returns: rows.map(({ ret, orderNumber, email, itemCount }) => ({
          uuid: ret.uuid,
          number: ret.number,
          orderNumber,
          email,
          kind: ret.kind,
          status: ret.status,
          itemCount,
          identifierMismatch: ret.identifierMismatch,
          createdAt: new Date(ret.createdAt).toISOString(),
          sendBy: new Date(ret.sendBy).toISOString(),
        })),
        page: query.page,
        pageSize: PAGE_SIZE,
        total,
      };
    },

    async viewReturn(actor: StaffActor, uuid: string): Promise<OpsReturnView> {
      requireRole(actor, "receiving", "grading", "support", "finance");
      const row = await repo.returnByUuid(uuid);
      if (!row) throw returnNotFound();
      return opsReturnView(row);
    },

    /** Receiving scans the return label and each device's IMEI or serial; the units are back in the house (returned). */
    async receive(actor: StaffActor, input: ReceiveInput): Promise<OpsReturnView> {
      requireRole(actor, "receiving", "grading");
      const label = parseReturnLabel(input.label);
      const found = label?.kind === "return" ? await repo.returnByNumber(label.number) : undefined;
      if (!found) throw AppError.notFound("RETURN_NOT_FOUND", "No return has this label.", "label");
      const row = await repo.inTransaction(async (tx) => {
        const locked = await lockedReturn(tx, found.uuid);
        if (locked.status !== "requested") throw new AppError(409, "RETURN_ALREADY_RECEIVED", `Return ${locked.number} was received already.`, "label");
        const returnItems = await tx.itemsOfReturns([locked.uuid]);
        const items = await tx.itemsByUuid(returnItems.map((i) => i.orderItemUuid));
        const scanned = new Map((input.identifiers ?? []).map((i) => [i.orderItemUuid, i.identifier === null ? null : normalizeIdentifier(i.identifier)]));
        for (const key of scanned.keys()) if (!items.some((i) => i.uuid === key)) throw new AppError(409, "RETURN_ITEM_INVALID", "Each scanned item must be one of the return's.", key);
        let mismatch = false;
        for (const item of items) {
          // A device that has an IMEI must bring the same one back; media have none to compare.
          const matches = !item.identifier || scanned.get(item.uuid) === item.identifier;
          if (!matches) mismatch = true;
          if (!matches || item.unitId === null) continue;
          const unit = await tx.lockUnit(item.unitId);
          if (unit?.status === "shipped") await tx.changeUnits([{ unit, change: { status: "returned" } }], { event: "return_received", actor: staffName(actor), detail: { return: locked.number } });
        }
        const now = deps.clock().toISOString();
        await tx.timeline(locked.orderUuid, `return_received:${locked.number}`, staffName(actor));
        const updated = await tx.updateReturn(locked.uuid, {
          status: "received",
          receivedAt: now,
          identifierMismatch: mismatch,
          inspection: { identifiers: Object.fromEntries(items.map((i) => [i.uuid, scanned.get(i.uuid) ?? null])) },
        });
        await tx.audit(actor, { action: "return.receive", entityType: "return", entityId: locked.uuid, before: { status: locked.status }, after: { status: "received", identifierMismatch: mismatch } });
        return updated;
      });
      await deps.jobs?.returnChanged(row.uuid, "received");
      return opsReturnView(row);
    },

    /**
     * The decision on a received return: a full or partial refund (never more than is left of the
     * items, never twice: the return is locked and decided once) or a refusal with its reason.
     */
    async decide(actor: StaffActor, uuid: string, input: ReturnDecisionInput): Promise<OpsReturnView> {
      requireRole(actor, "finance", "support");
      if (input.decision !== "refused") requireRecentSecondFactor(actor, deps.clock());
      if (input.decision !== "full_refund" && !input.reason) throw AppError.badRequest("VALIDATION_FAILED", "Give the customer the reason for this decision.", "reason");
      const row = await repo.inTransaction(async (tx) => {
        const locked = await lockedReturn(tx, uuid);
        if (locked.status === "requested") throw new AppError(409, "RETURN_NOT_RECEIVED", "The parcel has not been received yet.", "returnUuid");
        if (locked.status !== "received") throw new AppError(409, "RETURN_ALREADY_DECIDED", `Return ${locked.number} was decided already.`, "returnUuid");
        if (locked.identifierMismatch && input.decision !== "refused") {
          throw new AppError(409, "RETURN_IDENTIFIER_MISMATCH", "A device other than the one shipped came back: refuse the return or receive the right device.", "decision");
        }
        const returnItems = await tx.itemsOfReturns([locked.uuid]);
        const items = await tx.itemsByUuid(returnItems.map((i) => i.orderItemUuid));
        const left = items.reduce((sum, i) => sum + refundableOf(i), 0);
        let refund: { uuid: string; amount: number } | null = null;
        if (input.decision === "refused") {
          await sendBack(tx, items, actor, locked.number);
        } else {
          if (input.decision === "partial_refund" && (input.amount === undefined || !partialRefundAllowed(input.amount, left))) {
            throw new AppError(409, "RETURN_AMOUNT_INVALID", `A partial refund is more than 0 and less than the ${left} cents left of these items.`, "amount");
          }
          const amount = input.decision === "full_refund" ? left : input.amount!;
          for (const item of items) {
            if (item.unitId === null) continue;
            const unit = await tx.lockUnit(item.unitId);
            if (!unit || unit.status !== "returned") continue;
            const chosen = input.items.find((i) => i.orderItemUuid === item.uuid);
            if (!chosen) throw new AppError(409, "RETURN_ITEM_INVALID", "Say where each returned unit goes (stock, repair or scrap).", item.uuid);
            await tx.changeUnits([{ unit, change: { status: chosen.destination, orderItemUuid: null, ...(chosen.grade && chosen.destination === "in_stock" ? { grade: chosen.grade } : {}) } }], {
              event: "return_inspected",
              actor: staffName(actor),
              detail: { return: locked.number, ...(chosen.grade ? { grade: chosen.grade } : {}) },
            });
          }
          // Last: the provider is asked only once everything else of the decision has been written.
          if (amount > 0) {
            const done = await deps.refunder.refundWithin(tx.db, locked.orderUuid, {
              items: spread(amount, items),
              reason: input.reason ?? `Return ${locked.number}`,
              idempotencyKey: `return-${locked.uuid}`,
              createdBy: actor.uuid,
            });
            refund = done.refund;
          }
        }
        const now = deps.clock().toISOString();
        const status = returnStatusAfter(input.decision);
        await tx.timeline(locked.orderUuid, `return_${status}:${locked.number}`, staffName(actor));
        const updated = await tx.updateReturn(locked.uuid, {
          status,
          decision: input.decision,
          decisionReason: input.reason ?? null,
          refundAmount: refund?.amount ?? null,
          refundUuid: refund?.uuid ?? null,
          unitDestination: input.items[0]?.destination ?? null,
          decidedAt: now,
          decidedBy: actor.uuid,
        });
        await tx.audit(actor, { action: "return.decide", entityType: "return", entityId: locked.uuid, before: { status: locked.status }, after: { status, decision: input.decision, refund: refund?.amount ?? null, reason: input.reason ?? null } });
        return updated;
      });
      await deps.jobs?.returnChanged(row.uuid, "decided");
      return opsReturnView(row);
    },

    async listClaims(actor: StaffActor, query: { status?: ClaimStatus | undefined; page: number }) {
      requireRole(actor, "receiving", "grading", "support", "finance");
      const { rows, total } = await repo.listClaims({ status: query.status, offset: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
      return {
        claims: rows.map(({ claim, orderNumber, email, itemName }) => ({ uuid: claim.uuid, number: claim.number, orderNumber, email, itemName, remedy: claim.remedy, status: claim.status, createdAt: new Date(claim.createdAt).toISOString() })),
        page: query.page,
        pageSize: PAGE_SIZE,
        total,
      };
    },

    async viewClaim(actor: StaffActor, uuid: string): Promise<OpsClaimView> {
      requireRole(actor, "receiving", "grading", "support", "finance");
      const row = await repo.claimByUuid(uuid);
      if (!row) throw claimNotFound();
      return opsClaimView(row);
    },

    async claimPhoto(actor: StaffActor, claimUuid: string, photoUuid: string) {
      requireRole(actor, "receiving", "grading", "support", "finance");
      const photo = await repo.claimPhoto(claimUuid, photoUuid);
      if (!photo) throw claimNotFound();
      return photo;
    },

    /** Support (or finance for a refund) decides a claim; "repaired" later sends the repaired device back. */
    async decideClaim(actor: StaffActor, uuid: string, input: ClaimDecisionInput): Promise<OpsClaimView> {
      requireRole(actor, "support", "finance", "grading");
      if (input.decision === "refund") {
        requireRole(actor, "finance", "support");
        requireRecentSecondFactor(actor, deps.clock());
      }
      if (input.decision === "refused" && !input.reason) throw AppError.badRequest("VALIDATION_FAILED", "Give the customer the reason for the refusal.", "reason");
      let tracking: string | null = null;
      if (input.decision === "repaired") {
        if (!input.carrier || !input.trackingNumber) throw AppError.badRequest("VALIDATION_FAILED", "Give the carrier and the tracking number of the parcel that takes the device back.", "trackingNumber");
        tracking = parseTrackingNumber(input.carrier, input.trackingNumber);
        if (!tracking) throw new AppError(400, "TRACKING_NUMBER_INVALID", `This is not a ${input.carrier.toUpperCase()} tracking number.`, "trackingNumber");
      }
      const now = deps.clock();
      const row = await repo.inTransaction(async (tx) => {
        const locked = await tx.lockClaim(uuid);
        if (!locked) throw claimNotFound();
        const next = claimStatusAfter(locked.status, input.decision);
        if (!next) throw new AppError(409, "CLAIM_DECISION_NOT_ALLOWED", `A claim that is ${locked.status} cannot be decided as ${input.decision}.`, "decision");
        const [item] = await tx.itemsByUuid([locked.orderItemUuid]);
        const unit = item?.unitId ? await tx.lockUnit(item.unitId) : undefined;
        const move = (event: string) => ({ event, actor: staffName(actor), detail: { claim: locked.number } });
        const change: Partial<ClaimRow> = { status: next, decisionReason: input.reason ?? null, decidedAt: now.toISOString(), decidedBy: actor.uuid };
        if (input.decision === "repair" && unit && unit.status === "shipped") await tx.changeUnits([{ unit, change: { status: "in_repair" } }], move("warranty_repair"));
        if (input.decision === "repaired") {
          if (unit && unit.status === "in_repair") await tx.changeUnits([{ unit, change: { status: "shipped" } }], move("warranty_repaired"));
          Object.assign(change, { carrier: input.carrier!, trackingNumber: tracking });
        }
        if (input.decision === "replacement") {
          const order = (await tx.lockOrder(locked.orderUuid))!;
          const placed = await tx.placeReplacementOrder(order, { productId: item!.productId, name: item!.name, withFullBattery: item!.withFullBattery }, gradesAtLeast(item!.label).reverse(), { number: locked.number, actor: staffName(actor) }, now);
          if (!placed) throw new AppError(409, "REPLACEMENT_OUT_OF_STOCK", "No unit of this product in the same or a better grade is in stock: choose repair or refund.", "decision");
          change.replacementOrderUuid = placed.order.uuid;
          if (unit && unit.status === "shipped") await tx.changeUnits([{ unit, change: { status: "returned" } }], move("warranty_replaced"));
        }
        if (input.decision === "refund") {
          if (unit && unit.status === "shipped") await tx.changeUnits([{ unit, change: { status: "returned" } }], move("warranty_refunded"));
          const amount = refundableOf(item!);
          // Last but the claim's own row: the provider is asked once the rest is written.
          if (amount > 0) {
            const done = await deps.refunder.refundWithin(tx.db, locked.orderUuid, { items: [{ orderItemUuid: item!.uuid, amount }], reason: input.reason ?? `Warranty claim ${locked.number}`, idempotencyKey: `claim-${locked.uuid}`, createdBy: actor.uuid });
            Object.assign(change, { refundAmount: done.refund.amount, refundUuid: done.refund.uuid });
          }
        }
        await tx.timeline(locked.orderUuid, `claim_${next}:${locked.number}`, staffName(actor));
        const updated = await tx.updateClaim(locked.uuid, change);
        await tx.audit(actor, { action: "claim.decide", entityType: "warranty_claim", entityId: locked.uuid, before: { status: locked.status }, after: { status: next, decision: input.decision, reason: input.reason ?? null, refund: updated.refundAmount, replacementOrderUuid: updated.replacementOrderUuid } });
        return updated;
      });
      await deps.jobs?.claimChanged(row.uuid, input.decision === "repaired" ? "repaired" : "decided");
      return opsClaimView(row);
    },
  };
}
export type ReturnOpsService = ReturnType<typeof createReturnOpsService>;
