import type { OpsOrder } from "../../../api/contract.ts";
import type { OrderStatus } from "../../../domain/checkout/orders.ts";
import { formatDate } from "../../../domain/dates.ts";
import { useTranslation } from "../../i18n/i18n.tsx";

const STATUS_TONE: Record<OrderStatus, string> = {
  pending_payment: "border-line bg-white text-ink",
  awaiting_transfer: "border-line bg-white text-ink",
  paid: "border-blue-200 bg-blue-50 text-blue-900",
  picked: "border-blue-200 bg-blue-50 text-blue-900",
  shipped: "border-green-300 bg-green-50 text-green-900",
  delivered: "border-green-300 bg-green-50 text-green-900",
  cancelled: "border-line bg-canvas text-muted",
};

/** An order's status as a small label (ops.orders.statuses). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`} data-testid="order-status">
      {t(`ops.orders.statuses.${status}`)}
    </span>
  );
}

type Urgency = NonNullable<OpsOrder["urgency"]>;
const URGENCY_TONE: Record<Urgency, string> = {
  late: "border-red-700 bg-red-700 text-white",
  at_risk: "border-amber-500 bg-amber-100 text-amber-950",
  on_time: "border-line bg-white text-muted",
};
const URGENCY_MARK: Record<Urgency, string> = { late: "!!", at_risk: "!", on_time: "" };

/** The dispatch promise: by when the parcel must leave, and whether it is late or at risk, in words and a mark (not colour alone). */
export function Deadline({ deadline, urgency }: { deadline: string | null; urgency: OpsOrder["urgency"] }) {
  const { t, i18n } = useTranslation();
  if (!deadline) return <span className="text-muted">–</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <time dateTime={deadline} className="whitespace-nowrap tabular-nums">
        {formatDate(deadline, i18n.language, "medium-time")}
      </time>
      {urgency && urgency !== "on_time" && (
        <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-bold uppercase ${URGENCY_TONE[urgency]}`} data-testid="order-urgency">
          <span aria-hidden="true">{URGENCY_MARK[urgency]}</span>
          {t(`ops.orders.urgency.${urgency}`)}
        </span>
      )}
    </span>
  );
}

/** The row's accent: a thick left edge for a late or at-risk order (the badge says which in words). */
export const urgencyRow = (urgency: OpsOrder["urgency"]) => (urgency === "late" ? "border-l-4 border-l-red-700 bg-red-50/40" : urgency === "at_risk" ? "border-l-4 border-l-amber-500" : "");

/** An address as the label prints it. */
export function AddressLines({ address }: { address: OpsOrder["deliveryAddress"] }) {
  const { t } = useTranslation();
  return (
    <address className="not-italic">
      {address.firstName} {address.lastName}
      {address.company && (
        <>
          <br />
          {address.company}
        </>
      )}
      <br />
      {address.street} {address.houseNumber}
      {address.postNumber && (
        <>
          <br />
          {t("ops.orders.order.postNumber", { postNumber: address.postNumber })}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      <br />
      {address.country}
    </address>
  );
}
