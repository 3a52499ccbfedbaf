import { Form, useNavigation } from "react-router";
import type { OpsBankTransfer } from "../../../api/contract.ts";
import type { TransferState } from "../../../domain/payments/bank-transfers.ts";
import { formatDate } from "../../../domain/dates.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { opsButton, opsInput, tableCell } from "./ops-ui.tsx";
import type { BookField, BookProblem } from "./transfer-form.ts";

const STATE_BADGE: Record<TransferState, string> = {
  booked: "border-green-700 bg-green-50 text-green-900",
  unmatched: "border-amber-500 bg-amber-50 text-amber-900",
  partial: "border-amber-500 bg-amber-50 text-amber-900",
  over: "border-blue-accent bg-blue-50 text-blue-900",
  needs_refund: "border-red-700 bg-red-50 text-red-900",
};

export function TransferStateBadge({ state }: { state: TransferState }) {
  const { t } = useTranslation();
  return <span className={`whitespace-nowrap rounded border px-1.5 py-0.5 text-xs font-semibold ${STATE_BADGE[state]}`}>{t(`ops.transfers.states.${state}`)}</span>;
}

/** A booking refused by the API: what was typed, and the problem at its field. */
export interface BookRefusal {
  transferId: number;
  orderNumber: string;
  note: string;
  field: BookField | null;
  problem: BookProblem;
}

/** Finance books the transfer onto an order by its number; a plain form in a disclosure, open again when it was refused. */
function BookForm({ transfer, refusal, action }: { transfer: OpsBankTransfer; refusal: BookRefusal | null; action: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("transferId") === String(transfer.id);
  const id = `book-${transfer.id}`;
  const problemAt = (field: BookField | null) => (refusal && refusal.field === field ? t(`ops.transfers.bookProblems.${refusal.problem}`) : null);
  const orderProblem = problemAt("orderNumber");
  const noteProblem = problemAt("note");
  const general = problemAt(null);
  return (
    <details open={refusal !== null} className="mt-1">
      <summary className="cursor-pointer whitespace-nowrap font-semibold text-blue-accent underline">{t("ops.transfers.book.open")}</summary>
      <Form method="post" action={action} className="mt-2 grid min-w-[16rem] gap-2" aria-busy={busy} noValidate>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="transferId" value={transfer.id} />
        <label htmlFor={`${id}-order`} className="text-xs font-semibold">
          {t("ops.transfers.book.orderNumber")}
        </label>
        <input
          id={`${id}-order`}
          name="orderNumber"
          defaultValue={refusal?.orderNumber ?? transfer.orderNumber ?? ""}
          placeholder="R26-004217"
          required
          autoComplete="off"
          aria-invalid={orderProblem ? true : undefined}
          aria-describedby={orderProblem ? `${id}-order-problem` : undefined}
          className={`${opsInput} mt-0 font-mono`}
        />
        {orderProblem && (
          <p id={`${id}-order-problem`} className="text-xs text-red-800">
            {orderProblem}
          </p>
        )}
        <label htmlFor={`${id}-note`} className="text-xs font-semibold">
          {t("ops.transfers.book.note")}
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={2}
          maxLength={500}
          defaultValue={refusal?.note ?? ""}
          aria-invalid={noteProblem ? true : undefined}
          aria-describedby={`${id}-note-hint${noteProblem ? ` ${id}-note-problem` : ""}`}
          className="w-full rounded-lg border border-line bg-white px-2 py-1 text-sm aria-[invalid=true]:border-red-700"
        />
        <p id={`${id}-note-hint`} className="text-xs text-muted">
          {t("ops.transfers.book.noteHint")}
        </p>
        {noteProblem && (
          <p id={`${id}-note-problem`} className="text-xs text-red-800">
            {noteProblem}
          </p>
        )}
        {general && (
          <p role="alert" className="rounded-lg bg-red-50 p-2 text-xs text-red-800">
            {general}
          </p>
        )}
        <button type="submit" disabled={busy} className={opsButton.primary}>
          {busy ? t("ops.transfers.book.booking") : t("ops.transfers.book.submit")}
        </button>
      </Form>
    </details>
  );
}

/** One transfer: when and how much, from whom, its reference, the order it names, its state, and the booking form while it is not booked. */
export function TransferRow({ transfer, refusal, action }: { transfer: OpsBankTransfer; refusal: BookRefusal | null; action: string }) {
  const { t, i18n } = useTranslation();
  const order = transfer.order;
  return (
    <tr data-testid={`transfer-${transfer.id}`}>
      <td className={`${tableCell} whitespace-nowrap`}>{transfer.bookingDate ? formatDate(transfer.bookingDate, i18n.language, "medium") : "–"}</td>
      <td className={`${tableCell} text-right tabular-nums`}>
        <Price cents={transfer.amount.amount} />
      </td>
      <td className={tableCell}>
        {transfer.debtorName ?? "–"}
        {transfer.debtorIban && <span className="block font-mono text-xs text-muted">{transfer.debtorIban}</span>}
      </td>
      <td className={`${tableCell} max-w-[18rem] break-words`}>{transfer.remittance || <span className="text-muted">{t("ops.transfers.noRemittance")}</span>}</td>
      <td className={tableCell}>
        {order ? (
          <>
            <span className="font-mono">{order.number}</span>
            <span className="block text-xs text-muted">
              {t(`ops.transfers.orderStatuses.${order.status}`, { defaultValue: order.status })} · {t("ops.transfers.orderTotal")} <Price cents={order.total.amount} />
            </span>
          </>
        ) : transfer.orderNumber ? (
          <span className="font-mono text-muted">{transfer.orderNumber}</span>
        ) : (
          "–"
        )}
      </td>
      <td className={tableCell}>
        <TransferStateBadge state={transfer.state} />
        <span className="mt-1 block text-xs text-muted">{t(`ops.transfers.reasons.${transfer.reason}`)}</span>
        {transfer.note && <span className="mt-1 block text-xs">{t("ops.transfers.noteBy", { note: transfer.note, who: transfer.bookedByEmail ?? "" })}</span>}
      </td>
      <td className={tableCell}>{transfer.state === "booked" ? null : <BookForm transfer={transfer} refusal={refusal?.transferId === transfer.id ? refusal : null} action={action} />}</td>
    </tr>
  );
}
