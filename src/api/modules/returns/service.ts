import { CLAIM_PHOTO_LIMITS, claimNumber, itemRequests, periodEnds, returnKindAt, returnNumber, sendBy, warrantyOpenAt, claimIsOpen, type Periods } from "../../../domain/returns/returns.ts";
import { AppError } from "../../errors.ts";
import { keptPhotos, type SentPhoto } from "../../photo-uploads.ts";
import type { CartOwner } from "../cart/service.ts";
import type { ClaimRow, ReturnableItem, ReturnReads, ReturnRepository, ReturnRow } from "./repository.ts";
import type { ClaimCreateInput, ClaimView, ReturnCreateInput, ReturnOverview, ReturnView } from "./schemas.ts";
import { claimView, returnView } from "./views.ts";

type OrderRow = NonNullable<Awaited<ReturnType<ReturnRepository["order"]>>>;

/** Mails that follow a committed return or claim (see return-jobs.ts). */
export interface ReturnJobs {
  returnChanged(returnUuid: string, step: "created" | "received" | "decided"): Promise<void>;
  claimChanged(claimUuid: string, step: "created" | "decided" | "repaired"): Promise<void>;
}

export interface ReturnServiceDeps {
  clock: () => Date;
  periods: Periods;
  /** The orders module's rule of who may see an order (its customer, the guest's browser, the mail's key). */
  visibleOrder: (owner: CartOwner, orderUuid: string, key?: string) => Promise<OrderRow>;
  jobs?: ReturnJobs | undefined;
}

const returnNotFound = () => AppError.notFound("RETURN_NOT_FOUND", "There is no such return.", "returnUuid");
const claimNotFound = () => AppError.notFound("CLAIM_NOT_FOUND", "There is no such warranty claim.", "claimUuid");
const actorOf = (order: OrderRow) => (order.customerUuid ? "customer" : "guest");

/**
 * The customer's side of returns and warranty claims: what may be returned or claimed now, the
 * requests themselves and their labels. Each request locks its order, so two at once take turns and
 * the second finds the item taken (RETURN_EXISTS); the database's unique indexes say the same.
 */
export function createReturnService(repo: ReturnRepository, deps: ReturnServiceDeps) {
  /** What may be asked of each item of the order now, with the requests it holds; `reads` is the transaction's inside one. */
  async function requestState(order: OrderRow, reads: ReturnReads) {
    const now = deps.clock();
    const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt) : null;
    const items = await reads.itemsOfOrder(order.uuid);
    const returns = await reads.returnsOfOrder(order.uuid);
    const claims = await reads.claimsOfOrder(order.uuid);
    const returnItems = await reads.itemsOfReturns(returns.map((r) => r.uuid));
    const returnsByUuid = new Map(returns.map((r) => [r.uuid, r]));
    const returnOfItem = new Map(returnItems.filter((i) => i.live).map((i) => [i.orderItemUuid, returnsByUuid.get(i.returnUuid)!]));
    const openClaimOfItem = new Map(claims.filter((c) => claimIsOpen(c.status)).map((c) => [c.orderItemUuid, c]));
    const kind = order.replacementFor ? null : returnKindAt(deliveredAt, now, deps.periods);
    const warranty = warrantyOpenAt(deliveredAt, now, deps.periods);
    return {
      deliveredAt,
      kind,
      warranty,
      returns,
      returnItems,
      claims,
      items: items.map((item) => {
        const inReturn = returnOfItem.get(item.uuid);
        const openClaim = openClaimOfItem.get(item.uuid);
        return { item, inReturn, openClaim, ...itemRequests(kind, warranty, { returnStatus: inReturn?.status ?? null, openClaim: openClaim !== undefined }) };
      }),
    };
  }

  /** An order's returns and claims and what may be asked for now (api_return_list). */
  async function overview(order: OrderRow): Promise<ReturnOverview> {
    const state = await requestState(order, repo);
    const ends = state.deliveredAt ? periodEnds(state.deliveredAt, deps.periods) : null;
    const byItem = new Map(state.items.map(({ item }) => [item.uuid, item]));
    return {
      orderUuid: order.uuid,
      deliveredAt: state.deliveredAt?.toISOString() ?? null,
      returnKind: state.kind,
      withdrawalEndsAt: order.replacementFor ? null : (ends?.withdrawal.toISOString() ?? null),
      returnEndsAt: order.replacementFor ? null : (ends?.return.toISOString() ?? null),
      warrantyEndsAt: ends?.warranty.toISOString() ?? null,
      warrantyOpen: state.warranty,
      items: state.items.map(({ item, inReturn, openClaim, returnable, claimable }) => ({
        orderItemUuid: item.uuid,
        name: item.name,
        grade: item.label,
        imageUrl: item.imageUrl,
        returnable,
        claimable,
        returnNumber: inReturn?.number ?? null,
        openClaimNumber: openClaim?.number ?? null,
      })),
      returns: state.returns.map((r) => returnView(r, state.returnItems.filter((i) => i.returnUuid === r.uuid), byItem, order.number)),
      claims: await Promise.all(state.claims.map((c) => viewOfClaim(c, byItem.get(c.orderItemUuid), order))),
    };
  }

  async function viewOfClaim(claim: ClaimRow, item: ReturnableItem | undefined, order: OrderRow): Promise<ClaimView> {
    const replacementNumber = await repo.orderNumber(claim.replacementOrderUuid);
    const photos = await repo.claimPhotoIds(claim.uuid);
    return claimView(claim, item ?? { name: "" }, order.number, order.locale, { replacementNumber, photoCount: photos.length });
  }

  function refuseUnlessDelivered(order: OrderRow): Date {
    if (!order.deliveredAt) throw new AppError(409, "ORDER_NOT_DELIVERED", "This order has not been delivered yet: returns and claims open once it has arrived.", "orderUuid");
    return new Date(order.deliveredAt);
  }

  /** The return of an order the owner may see; anyone else's is not there. */
  async function visibleReturn(owner: CartOwner, uuid: string, key: string | undefined): Promise<{ row: ReturnRow; order: OrderRow }> {
    const row = await repo.returnByUuid(uuid);
    if (!row) throw returnNotFound();
    const order = await deps.visibleOrder(owner, row.orderUuid, key).catch(() => {
      throw returnNotFound();
    });
    return { row, order };
  }

  async function singleReturnView(row: ReturnRow, order: OrderRow): Promise<ReturnView> {
    const items = await repo.itemsOfReturns([row.uuid]);
    const byItem = new Map((await repo.itemsByUuid(items.map((i) => i.orderItemUuid))).map((i) => [i.uuid, i]));
    return returnView(row, items, byItem, order.number);
  }

  return {
    /** What may be returned or claimed of an order now, with its returns and claims (api_return_list). */
    async overview(owner: CartOwner, orderUuid: string, key?: string): Promise<ReturnOverview> {
      return overview(await deps.visibleOrder(owner, orderUuid, key));
    },

    async create(owner: CartOwner, orderUuid: string, input: ReturnCreateInput, key?: string): Promise<ReturnView> {
      const visible = await deps.visibleOrder(owner, orderUuid, key);
      const now = deps.clock();
      const created = await repo.inTransaction(async (tx) => {
        const order = (await tx.lockOrder(visible.uuid))!;
        const deliveredAt = refuseUnlessDelivered(order);
        const kind = order.replacementFor ? null : returnKindAt(deliveredAt, now, deps.periods);
        if (!kind) throw new AppError(409, "RETURN_PERIOD_ENDED", "The return period for this order has ended. A defect can still be reported as a warranty claim.", "orderUuid");
        const state = await requestState(order, tx);
        const seen = new Set<string>();
        for (const item of input.items) {
          const known = state.items.find((i) => i.item.uuid === item.orderItemUuid);
          if (!known || seen.has(item.orderItemUuid)) throw new AppError(409, "RETURN_ITEM_INVALID", "Each item must be one of the order's, once.", item.orderItemUuid);
          if (known.inReturn || known.openClaim) throw new AppError(409, "RETURN_EXISTS", `This item is already in return ${known.inReturn?.number ?? known.openClaim?.number}.`, item.orderItemUuid);
          seen.add(item.orderItemUuid);
        }
        const unitOf = new Map(state.items.map(({ item }) => [item.uuid, item.unitId]));
        const row = await tx.insertReturn(
          { number: returnNumber(await tx.nextReturnSequence()), orderUuid: order.uuid, kind, comment: input.comment ?? null, sendBy: sendBy(now).toISOString(), createdAt: now.toISOString() },
          input.items.map((i) => ({ orderItemUuid: i.orderItemUuid, reason: i.reason, unitId: unitOf.get(i.orderItemUuid) ?? null })),
        );
        await tx.timeline(order.uuid, `return_requested:${row.number}`, actorOf(order));
        return { row, order };
      });
      await deps.jobs?.returnChanged(created.row.uuid, "created");
      return singleReturnView(created.row, created.order);
    },

    async view(owner: CartOwner, returnUuid: string, key?: string): Promise<ReturnView> {
      const { row, order } = await visibleReturn(owner, returnUuid, key);
      return singleReturnView(row, order);
    },

    /** The customer takes back a return request whose parcel has not arrived; its items may be returned again. */
    async cancel(owner: CartOwner, returnUuid: string, key?: string): Promise<ReturnView> {
      const { order } = await visibleReturn(owner, returnUuid, key);
      const row = await repo.inTransaction(async (tx) => {
        const locked = (await tx.lockReturn(returnUuid))!;
        if (locked.status !== "requested") throw new AppError(409, "RETURN_NOT_CANCELLABLE", "The parcel has arrived: this return can no longer be withdrawn.", "returnUuid");
        await tx.releaseReturnItems(locked.uuid);
        await tx.timeline(order.uuid, `return_withdrawn:${locked.number}`, actorOf(order));
        return tx.updateReturn(locked.uuid, { status: "withdrawn" });
      });
      return singleReturnView(row, order);
    },

    /** The return and its order, for the label (the caller may see them). */
    async labelData(owner: CartOwner, returnUuid: string, key?: string) {
      const { row, order } = await visibleReturn(owner, returnUuid, key);
      const items = await repo.itemsOfReturns([row.uuid]);
      return { row, order, items: await repo.itemsByUuid(items.map((i) => i.orderItemUuid)) };
    },

    async createClaim(owner: CartOwner, orderUuid: string, input: ClaimCreateInput, key?: string): Promise<ClaimView> {
      const visible = await deps.visibleOrder(owner, orderUuid, key);
      const now = deps.clock();
      const created = await repo.inTransaction(async (tx) => {
        const order = (await tx.lockOrder(visible.uuid))!;
        const deliveredAt = refuseUnlessDelivered(order);
        if (!warrantyOpenAt(deliveredAt, now, deps.periods)) throw new AppError(409, "WARRANTY_ENDED", "The warranty for this order has ended.", "orderUuid");
        const known = (await requestState(order, tx)).items.find((i) => i.item.uuid === input.orderItemUuid);
        if (!known) throw new AppError(409, "RETURN_ITEM_INVALID", "The item must be one of the order's.", "orderItemUuid");
        if (known.openClaim) throw new AppError(409, "CLAIM_EXISTS", `There is an open claim for this item already (${known.openClaim.number}).`, "orderItemUuid");
        if (!known.claimable) throw new AppError(409, "RETURN_EXISTS", `This item is being returned (${known.inReturn?.number}).`, "orderItemUuid");
        const sold = known.item;
        const row = await tx.insertClaim({
          number: claimNumber(await tx.nextClaimSequence()),
          orderUuid: order.uuid,
          orderItemUuid: sold.uuid,
          unitId: sold.unitId,
          description: input.description,
          remedy: input.remedy,
          createdAt: now.toISOString(),
        });
        await tx.timeline(order.uuid, `claim_opened:${row.number}`, actorOf(order));
        return { row, order, sold };
      });
      await deps.jobs?.claimChanged(created.row.uuid, "created");
      return viewOfClaim(created.row, created.sold, created.order);
    },

    itemsOf: (orderItemUuids: string[]) => repo.itemsByUuid(orderItemUuids),

    /**
     * Photos of the defect, while the claim is open: checked before the files are read (`read`
     * reads them from the request); all are kept or none, at most CLAIM_PHOTO_LIMITS.perClaim.
     */
    async addClaimPhotos(owner: CartOwner, claimUuid: string, key: string | undefined, read: () => Promise<SentPhoto[]>): Promise<ClaimView> {
      const { row, order } = await this.visibleClaim(owner, claimUuid, key);
      const refuseUnlessOpen = (status: ClaimRow["status"]) => {
        if (!claimIsOpen(status)) throw new AppError(409, "CLAIM_DECISION_NOT_ALLOWED", "This claim is decided: its photos can no longer change.", "claimUuid");
      };
      refuseUnlessOpen(row.status);
      const photos = await keptPhotos(await read(), CLAIM_PHOTO_LIMITS);
      const updated = await repo.inTransaction(async (tx) => {
        const locked = (await tx.lockClaim(row.uuid))!;
        refuseUnlessOpen(locked.status);
        const kept = (await tx.claimPhotoIds(locked.uuid)).length;
        if (kept + photos.length > CLAIM_PHOTO_LIMITS.perClaim) {
          throw AppError.badRequest("PHOTO_LIMIT", `A claim keeps at most ${CLAIM_PHOTO_LIMITS.perClaim} photos; this one has ${kept}.`, "photos");
        }
        await tx.insertClaimPhotos(locked.uuid, photos);
        return locked;
      });
      const [item] = await repo.itemsByUuid([updated.orderItemUuid]);
      return viewOfClaim(updated, item, order);
    },

    async viewClaim(owner: CartOwner, claimUuid: string, key?: string): Promise<ClaimView> {
      const { row, order } = await this.visibleClaim(owner, claimUuid, key);
      const [item] = await repo.itemsByUuid([row.orderItemUuid]);
      return viewOfClaim(row, item, order);
    },

    async visibleClaim(owner: CartOwner, claimUuid: string, key?: string): Promise<{ row: ClaimRow; order: OrderRow }> {
      const row = await repo.claimByUuid(claimUuid);
      if (!row) throw claimNotFound();
      const order = await deps.visibleOrder(owner, row.orderUuid, key).catch(() => {
        throw claimNotFound();
      });
      return { row, order };
    },
  };
}
export type ReturnService = ReturnType<typeof createReturnService>;
