import type { OpsSaleView } from "../../../api/contract.ts";
import type { SaleStatus } from "../../../domain/selling/sales.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

export type OpsSaleItem = OpsSaleView["items"][number];
export type InspectionOutcome = NonNullable<OpsSaleItem["inspection"]>["outcome"];

const STATUS_TONE: Record<SaleStatus, string> = {
  created: "border-line bg-white",
  parcel_received: "border-blue-200 bg-blue-50 text-blue-900",
  in_inspection: "border-blue-200 bg-blue-50 text-blue-900",
  counteroffer: "border-amber-300 bg-amber-50 text-amber-900",
  offer_confirmed: "border-green-300 bg-green-50 text-green-900",
  paid: "border-green-300 bg-green-50 text-green-900",
  returned: "border-line bg-canvas",
};

/** A sale's status as a small label (ops.receiving.status). */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`} data-testid="sale-status-badge">
      {t(`ops.receiving.status.${status}`)}
    </span>
  );
}

const OUTCOME_TONE: Record<InspectionOutcome, string> = {
  accepted: "border-green-300 bg-green-50 text-green-900",
  counteroffer: "border-amber-300 bg-amber-50 text-amber-900",
  refused: "border-red-300 bg-red-50 text-red-900",
};

/** An inspected item's outcome, or "not inspected yet" (ops.inspection.outcome). */
export function OutcomeBadge({ outcome }: { outcome: InspectionOutcome | null }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-semibold ${outcome ? OUTCOME_TONE[outcome] : "border-line bg-white text-muted"}`} data-testid="outcome-badge">
      {t(`ops.inspection.outcome.${outcome ?? "open"}`)}
    </span>
  );
}

/** An item's picture, or an empty square of its size. */
export function ItemPicture({ item, size = "h-16 w-16" }: { item: OpsSaleItem; size?: string }) {
  return item.product.imageUrl ? (
    <img src={item.product.imageUrl} alt="" className={`${size} shrink-0 rounded-lg border border-line bg-white object-contain`} loading="lazy" />
  ) : (
    <span aria-hidden="true" className={`${size} shrink-0 rounded-lg border border-line bg-canvas`} />
  );
}

/** Where the sale's and its items' pages are: by the sale's number, as printed and scanned. */
export const salePath = (sale: { number: string }) => `/ops/sales/${encodeURIComponent(sale.number)}`;
export const itemPath = (sale: { number: string }, item: { uuid: string }) => `${salePath(sale)}/items/${item.uuid}`;
