import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { questionSetOf, type GradingAnswers } from "../../../domain/selling/grading.ts";
import type { PurchasePricing } from "../../../domain/selling/offers.ts";
import {
  checkChecklist,
  counterofferReasons,
  deviceIdentifierOf,
  INSPECTION_CHECKLIST_OF,
  inspectedOffer,
  inspectionResult,
  inspectionVerdict,
  type InspectionChecklist,
} from "../../../domain/selling/inspection.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import { inspectionReasonText, type InspectionReason } from "./inspection-texts.ts";
import type { SaleItemRow, SaleRepository, SaleRow, SaleWriter } from "./sale-repository.ts";
import type {
  BlockedDeviceInput,
  BlockedDeviceList,
  OpsInspectionInput,
  OpsSaleList,
  OpsSaleListQuery,
  OpsSaleReceiveInput,
  OpsSaleView,
  UnmatchedParcelInput,
  UnmatchedParcelList,
} from "./sale-ops-schemas.ts";
import { SALE_NUMBER_PATTERN } from "./sale-ops-schemas.ts";
import { MAIL_OF, type createSaleSteps } from "./sale-steps.ts";

const OPS_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who sees sales in the back-office: everyone who handles them. */
export const SALE_READERS = ["receiving", "grading", "finance", "support"] as const;

export const saleNotFound = () => AppError.notFound("SALE_NOT_FOUND", "There is no sale with this number: check the label, or record the parcel as unmatched.", "saleRef");

/**
 * The back-office's side of a sale: receiving the parcel and inspecting each item blind. Every step
 * checks the actor's role, writes its audit row in the step's transaction, and mails the seller
 * through the same transitions the seller's own answers use.
 */
export function createSaleOpsService(repo: SaleRepository, steps: ReturnType<typeof createSaleSteps>, deps: { clock: () => Date }) {
  const { transition, afterCommit } = steps;
  const actorName = (actor: StaffActor) => `staff:${actor.email}`;

  async function saleOf(ref: string): Promise<SaleRow> {
    const value = ref.trim();
    let sale: SaleRow | undefined;
    if (UUID.test(value)) sale = await repo.sale(value.toLowerCase());
    else if (SALE_NUMBER_PATTERN.test(value)) sale = await repo.saleByNumber(value.toUpperCase().slice(0, 9));
    if (!sale) throw saleNotFound();
    return sale;
  }

  /** The item's checklist and today's purchase prices; inside a transaction, read through it (one connection on PGlite). */
  async function questionSetOfItem(item: SaleItemRow, reader: Pick<SaleWriter, "productForInspection"> = repo): Promise<PurchasePricing> {
    const product = await reader.productForInspection(item.productId);
    if (!product) throw new Error(`The product ${item.productId} of sale item ${item.uuid} is gone`);
    return { set: questionSetOf(product), pricePurchase: product.pricePurchase ?? 0, gradePrices: product.gradePrices };
  }

  async function view(sale: SaleRow): Promise<OpsSaleView> {
    const [items, events, sellerRow, photos] = await Promise.all([repo.items(sale.uuid), repo.events(sale.uuid), repo.seller(sale.customerUuid), repo.parcelPhotos(sale.uuid)]);
    const pictures = await repo.images([...new Set(items.map((i) => i.productId))]);
    const inspectors = await repo.staffEmails([...new Set(items.map((i) => i.inspectedBy).filter((u): u is string => u !== null))]);
    return {
      uuid: sale.uuid,
      number: sale.number,
      status: sale.status,
      createdAt: new Date(sale.createdAt).toISOString(),
      customerEmail: sellerRow?.email ?? "",
      locale: sale.locale,
      carrier: sale.carrier,
      parcels: sale.parcels,
      expressGrading: sale.expressFee > 0,
      received: sale.receivedAt ? { at: new Date(sale.receivedAt).toISOString(), note: sale.receivingNote } : null,
      photos: photos.map((p) => ({ ...p, url: `/api/ops/sales/${sale.uuid}/photos/${p.uuid}`, uploadedAt: new Date(p.uploadedAt).toISOString() })),
      items: await Promise.all(
        items.map(async (item) => {
          const { set } = await questionSetOfItem(item);
          const inspected = item.inspectedAt !== null;
          return {
            uuid: item.uuid,
            product: { id: item.productId, name: item.name, imageUrl: pictures.get(item.productId) ?? null },
            questionSet: set,
            checks: [...INSPECTION_CHECKLIST_OF[set]],
            version: item.version,
            // Blind: the seller's word shows only once the inspection's own is in.
            seller: inspected ? { grade: item.grade, price: EUR(item.price), answers: item.answers as Record<string, string> } : null,
            inspection: inspected
              ? {
                  checklist: item.checklist ?? {},
                  grade: item.inspectedGrade,
                  outcome: item.inspectionOutcome!,
                  reasons: item.inspectionReasons ?? [],
                  deviceIdentifier: item.deviceIdentifier,
                  inspectedAt: new Date(item.inspectedAt!).toISOString(),
                  inspectorEmail: item.inspectedBy ? (inspectors.get(item.inspectedBy) ?? null) : null,
                }
              : null,
            counteroffer:
              item.counterofferPrice === null || item.counterofferGrade === null ? null : { grade: item.counterofferGrade, price: EUR(item.counterofferPrice), reason: item.counterofferReason ?? "" },
          };
        }),
      ),
      timeline: events.map((e) => ({ status: e.toStatus, event: e.event, actor: e.actor, at: new Date(e.at).toISOString() })),
    };
  }

  /**
   * Once every item is inspected, the sale's answer: the offer confirmed when each holds, else a
   * counteroffer naming the items found worse (a refused one at 0 €: accepting lets the shop
   * recycle it, declining sends the parcel back).
   */
  async function decideIfInspected(tx: SaleWriter, sale: SaleRow, actor: StaffActor, now: Date) {
    const items = await tx.items(sale.uuid);
    if (items.some((i) => i.inspectionOutcome === null)) return sale.status;
    const locale = resolveLocale(sale.locale);
    const differing = items.filter((i) => i.inspectionOutcome !== "accepted");
    for (const item of differing) {
      const refused = item.inspectionOutcome === "refused";
      await tx.setCounteroffer(sale.uuid, item.uuid, {
        grade: item.inspectedGrade ?? "DEFECT",
        price: refused ? 0 : item.counterofferPrice ?? 0,
        reason: inspectionReasonText(locale, (item.inspectionReasons ?? []) as InspectionReason[], refused),
      });
    }
    const next = await transition(tx, sale, { type: differing.length > 0 ? "counteroffer_made" : "offer_confirmed" }, actorName(actor), now);
    return next ?? sale.status;
  }

  return {
    async list(actor: StaffActor, query: OpsSaleListQuery): Promise<OpsSaleList> {
      requireRole(actor, ...SALE_READERS);
      const page = query.page ?? 1;
      const now = deps.clock();
      const createdBefore = query.olderThanDays !== undefined ? new Date(now.getTime() - query.olderThanDays * DAY_MS) : undefined;
      const { rows, total } = await repo.opsList(
        { ...(query.status ? { status: query.status } : {}), ...(query.customer ? { customer: query.customer } : {}), ...(createdBefore ? { createdBefore } : {}) },
        (page - 1) * OPS_PAGE_SIZE,
        OPS_PAGE_SIZE,
      );
      return {
        sales: rows.map((r) => ({
          uuid: r.uuid,
          number: r.number,
          status: r.status,
          createdAt: new Date(r.createdAt).toISOString(),
          ageDays: Math.floor((now.getTime() - new Date(r.createdAt).getTime()) / DAY_MS),
          customerEmail: r.customerEmail,
          itemCount: r.itemCount,
          parcels: r.parcels,
          carrier: r.carrier,
          expressGrading: r.expressFee > 0,
        })),
        page,
        pageSize: OPS_PAGE_SIZE,
        total,
      };
    },

    /** By UUID, number or the label's barcode, as typed or scanned at the desk. */
    async view(actor: StaffActor, ref: string): Promise<OpsSaleView> {
      requireRole(actor, ...SALE_READERS);
      return view(await saleOf(ref));
    },

    /** The parcel is here: recorded with what receiving noticed, and the seller is told. */
    async receive(actor: StaffActor, saleUuid: string, input: OpsSaleReceiveInput): Promise<OpsSaleView> {
      requireRole(actor, "receiving");
      const now = deps.clock();
      const status = await repo.inTransaction(async (tx) => {
        const sale = await tx.lockSale(saleUuid);
        if (!sale) throw saleNotFound();
        const next = await transition(tx, sale, { type: "parcel_received" }, actorName(actor), now);
        if (!next) throw new AppError(409, "SALE_TRANSITION_NOT_ALLOWED", `This sale is ${sale.status}: its parcel was received already.`, "saleUuid");
        await tx.recordReceipt(sale.uuid, { by: actor.uuid, note: input.note ?? null, at: now });
        await tx.audit(actor, { action: "sale.receive", entityType: "sale", entityId: sale.uuid, before: { status: sale.status }, after: { status: next, note: input.note ?? null } });
        return next;
      });
      await afterCommit(saleUuid, MAIL_OF[status]);
      return view((await repo.sale(saleUuid))!);
    },

    /**
     * One item's blind inspection: the checklist gives the grade by the same offer rule as the
     * trade-in, a device on the block list or with its activation lock on is refused, and a save
     * over a newer version (another inspector's) is a conflict. The first inspection of a sale
     * starts it; the last one decides it.
     */
    async inspect(actor: StaffActor, saleUuid: string, itemUuid: string, input: OpsInspectionInput): Promise<OpsSaleView> {
      requireRole(actor, "grading");
      const now = deps.clock();
      const mails: (keyof typeof MAIL_OF)[] = [];
      await repo.inTransaction(async (tx) => {
        let sale = await tx.lockSale(saleUuid);
        if (!sale) throw saleNotFound();
        const item = await tx.lockItem(saleUuid, itemUuid);
        if (!item) throw AppError.notFound("SALE_ITEM_NOT_FOUND", "This item is not part of the sale.", "itemUuid");
        if (sale.status === "created") throw new AppError(409, "SALE_NOT_RECEIVED", "Record the parcel as received first.", "saleUuid");
        if (sale.status !== "parcel_received" && sale.status !== "in_inspection") {
          throw new AppError(409, "SALE_TRANSITION_NOT_ALLOWED", `This sale is ${sale.status}: its inspection is over.`, "saleUuid");
        }
        if (item.version !== input.version) throw new AppError(409, "INSPECTION_CONFLICT", "Someone saved this item's inspection meanwhile: reload it and check again.", "version");
        const pricing = await questionSetOfItem(item, tx);
        const { set } = pricing;
        const problems = checkChecklist(set, input.checklist);
        if (problems.length > 0) {
          throw AppError.many(
            400,
            problems.map((p) => ({ code: "CHECKLIST_INVALID", message: p.problem === "missing" ? "This check has no answer yet." : p.problem === "invalid" ? "This answer is not one of the check's options." : "This check is not part of the item's checklist.", reference: `checklist.${p.check}` })),
          );
        }
        const checklist = input.checklist as InspectionChecklist;
        const identifier = deviceIdentifierOf(set, checklist);
        const blocked = identifier !== null && (await tx.isBlocked(identifier.value));
        const offered = { grade: item.grade, price: item.price, breakdown: item.breakdown };
        const inspected = inspectedOffer({ ...pricing, checklist, now });
        const verdict = blocked ? ({ kind: "refuse", refusal: "BLOCKED_DEVICE" } as const) : inspectionVerdict(offered, inspected);
        const result = inspectionResult(set, checklist);
        const reasons: string[] =
          verdict.kind === "refuse" ? [verdict.refusal] : result.ok ? counterofferReasons(item.answers as GradingAnswers, result.answers) : [];
        const saved = await tx.saveInspection(item.uuid, input.version, {
          checklist: input.checklist,
          inspectedGrade: inspected.ok ? inspected.grade : (inspected.grade ?? null),
          inspectionOutcome: verdict.kind === "accept" ? "accepted" : verdict.kind === "counteroffer" ? "counteroffer" : "refused",
          inspectionReasons: reasons,
          deviceIdentifier: identifier?.value ?? null,
          inspectedBy: actor.uuid,
          inspectedAt: now,
        });
        if (!saved) throw new AppError(409, "INSPECTION_CONFLICT", "Someone saved this item's inspection meanwhile: reload it and check again.", "version");
        if (verdict.kind === "counteroffer") await tx.setCounteroffer(sale.uuid, item.uuid, { grade: verdict.grade, price: verdict.price, reason: "" });
        await tx.audit(actor, {
          action: "sale.item_inspect",
          entityType: "sale_item",
          entityId: item.uuid,
          before: { version: item.version, outcome: item.inspectionOutcome },
          after: { version: item.version + 1, outcome: verdict.kind, grade: inspected.grade ?? null, reasons, saleUuid: sale.uuid },
        });
        if (sale.status === "parcel_received") {
          const started = await transition(tx, sale, { type: "inspection_started" }, actorName(actor), now);
          mails.push(started!);
          sale = { ...sale, status: started! };
        }
        const decided = await decideIfInspected(tx, sale, actor, now);
        if (decided !== sale.status) mails.push(decided);
      });
      for (const status of mails) await afterCommit(saleUuid, MAIL_OF[status]);
      return view((await repo.sale(saleUuid))!);
    },

    async unmatchedParcels(actor: StaffActor): Promise<UnmatchedParcelList> {
      requireRole(actor, "receiving", "support");
      const rows = await repo.unmatchedParcels();
      return { parcels: rows.map((r) => ({ ...r, receivedAt: new Date(r.receivedAt).toISOString() })) };
    },

    /** A parcel whose label matches no sale: kept on a list until someone sorts it out. */
    async recordUnmatchedParcel(actor: StaffActor, input: UnmatchedParcelInput): Promise<UnmatchedParcelList> {
      requireRole(actor, "receiving");
      await repo.inTransaction(async (tx) => {
        const id = await tx.insertUnmatchedParcel({ code: input.code, note: input.note ?? null, receivedBy: actor.uuid });
        await tx.audit(actor, { action: "parcel.unmatched", entityType: "unmatched_parcel", entityId: String(id), after: { code: input.code, note: input.note ?? null } });
      });
      return this.unmatchedParcels(actor);
    },

    async blockedDevices(actor: StaffActor): Promise<BlockedDeviceList> {
      requireRole(actor, "grading", "support");
      const rows = await repo.blockedDevices();
      return { devices: rows.map((r) => ({ ...r, addedAt: new Date(r.addedAt).toISOString() })) };
    },

    /** A device reported lost or stolen: inspection refuses it from now on. */
    async blockDevice(actor: StaffActor, input: BlockedDeviceInput): Promise<BlockedDeviceList> {
      requireRole(actor, "grading", "support");
      const identifier = input.identifier.replace(/[\s-]/g, "").toUpperCase();
      await repo.inTransaction(async (tx) => {
        await tx.addBlockedDevice({ identifier, reason: input.reason, addedBy: actor.uuid });
        await tx.audit(actor, { action: "device.block", entityType: "device", entityId: identifier, after: { reason: input.reason } });
      });
      return this.blockedDevices(actor);
    },
  };
}

export type SaleOpsService = ReturnType<typeof createSaleOpsService>;
