import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { trackingUrl, isShippingCarrier } from "../../../domain/checkout/carriers.ts";
import { unitLabel } from "../../../domain/stock/units.ts";
import type { UnitRow } from "../../../db/units.ts";
import type { ClaimRow, ReturnableItem, ReturnItemRow, ReturnRow } from "./repository.ts";
import type { ClaimView, ReturnView } from "./schemas.ts";

export const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const iso = (at: string | null) => (at ? new Date(at).toISOString() : null);

/** What is left to refund of an item: its price less discount less what earlier refunds gave back. */
export const refundableOf = (item: Pick<ReturnableItem, "price" | "discount" | "refunded">) => Math.max(0, item.price - item.discount - item.refunded);

export function returnView(row: ReturnRow, items: ReturnItemRow[], byItem: ReadonlyMap<string, ReturnableItem>, orderNumber: string): ReturnView {
  return {
    uuid: row.uuid,
    number: row.number,
    orderUuid: row.orderUuid,
    orderNumber,
    kind: row.kind,
    status: row.status,
    items: items.map((i) => ({ orderItemUuid: i.orderItemUuid, name: byItem.get(i.orderItemUuid)?.name ?? "", grade: byItem.get(i.orderItemUuid)?.label ?? "A0", reason: i.reason })),
    comment: row.comment,
    sendBy: new Date(row.sendBy).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    receivedAt: iso(row.receivedAt),
    decidedAt: iso(row.decidedAt),
    decision: row.decision,
    decisionReason: row.decisionReason,
    refund: row.refundAmount ? EUR(row.refundAmount) : null,
    labelUrl: `/api/returns/${row.uuid}/label`,
  };
}

export function claimView(row: ClaimRow, item: Pick<ReturnableItem, "name">, orderNumber: string, locale: string, extra: { replacementNumber: string | null; photoCount: number }): ClaimView {
  const carrier = row.carrier && isShippingCarrier(row.carrier) ? row.carrier : null;
  return {
    uuid: row.uuid,
    number: row.number,
    orderUuid: row.orderUuid,
    orderNumber,
    orderItemUuid: row.orderItemUuid,
    itemName: item.name,
    description: row.description,
    remedy: row.remedy,
    status: row.status,
    decisionReason: row.decisionReason,
    refund: row.refundAmount ? EUR(row.refundAmount) : null,
    replacement: row.replacementOrderUuid && extra.replacementNumber ? { orderUuid: row.replacementOrderUuid, number: extra.replacementNumber } : null,
    repairShipment: carrier && row.trackingNumber ? { carrier, trackingNumber: row.trackingNumber, trackingUrl: trackingUrl(carrier, row.trackingNumber, resolveLocale(locale)) } : null,
    photoCount: extra.photoCount,
    createdAt: new Date(row.createdAt).toISOString(),
    decidedAt: iso(row.decidedAt),
    labelUrl: `/api/warranty-claims/${row.uuid}/label`,
  };
}

export function unitSummary(unit: Pick<UnitRow, "id" | "identifier" | "status" | "grade"> | undefined) {
  return unit ? { id: unit.id, label: unitLabel(unit.id), identifier: unit.identifier, status: unit.status, grade: unit.grade } : null;
}
