import type { OpsUnit } from "../../../api/contract.ts";
import type { UnitStatus } from "../../../domain/stock/units.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

const STATUS_TONE: Record<UnitStatus, string> = {
  in_stock: "border-green-300 bg-green-50 text-green-900",
  reserved: "border-blue-200 bg-blue-50 text-blue-900",
  picked: "border-blue-200 bg-blue-50 text-blue-900",
  shipped: "border-line bg-canvas text-ink",
  returned: "border-amber-300 bg-amber-50 text-amber-900",
  in_repair: "border-amber-300 bg-amber-50 text-amber-900",
  scrapped: "border-red-300 bg-red-50 text-red-900",
};

/** A unit's status as a small label with its word (ops.units.statuses). */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`} data-testid="unit-status">
      {t(`ops.units.statuses.${status}`)}
    </span>
  );
}

/** What a history entry did, in words: the event's name, and the fields a correction changed. */
export function UnitEvent({ entry }: { entry: OpsUnit["history"][number] }) {
  const { t } = useTranslation();
  const changed = Array.isArray(entry.detail.changed) ? entry.detail.changed.filter((f): f is string => typeof f === "string") : [];
  const note = typeof entry.detail.note === "string" ? entry.detail.note : null;
  const order = typeof entry.detail.order === "string" ? entry.detail.order : null;
  return (
    <span>
      <span className="font-semibold">{t(`ops.units.events.${entry.event}`, { defaultValue: entry.event.replaceAll("_", " ") })}</span>
      {changed.length > 0 && <span className="text-muted"> ({changed.map((field) => t(`ops.units.fields.${field}`, { defaultValue: field })).join(", ")})</span>}
      {order && <span className="text-muted"> · {t("ops.units.unit.orderRef", { number: order })}</span>}
      {note && <span className="mt-0.5 block">„{note}“</span>}
    </span>
  );
}
