import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { OpsStatementImportError, OpsTransferBookError } from "../../api/contract.ts";
import { TRANSFER_STATES } from "../../domain/payments/bank-transfers.ts";
import { isApiError, type ApiError } from "../api-client/client.ts";
import { bankTransfersApi } from "../api-client/bank-transfers.ts";
import { opsButton, OpsPageTitle, TableCard } from "../features/ops/ops-ui.tsx";
import {
  bookProblemOf,
  importProblemOf,
  PAGE_STATEMENT_MAX_BYTES,
  pageOf,
  stateOf,
  summaryOf,
  summaryParams,
  TRANSFERS_PATH,
  transfersPath,
  type ImportProblem,
} from "../features/ops/transfer-form.ts";
import { TransferRow, type BookRefusal } from "../features/ops/transfer-rows.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-transfers";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const state = stateOf(url.searchParams.get("state"));
  const page = pageOf(url.searchParams.get("page"));
  try {
    const list = await bankTransfersApi(storefront(context).api).transfers({ ...(state ? { state } : {}), page });
    return { list, state, summary: summaryOf(url.searchParams), bookedOn: url.searchParams.get("bookedOn") };
  } catch (error) {
    // Staff without the finance role get the back-office's 403; anyone else no page at all.
    staffPageOn(error, url);
  }
}

type ActionAnswer = { intent: "import"; problem: ImportProblem } | ({ intent: "book" } & BookRefusal);

/** An API refusal the page says itself; a lapsed session or someone no longer staff is handled as for the page. */
function refusalOf<C extends string>(error: unknown, url: URL): error is ApiError<C> {
  if (!isApiError(error) || error.status >= 500) throw error;
  if (error.status === 401) staffPageOn(error, url);
  // No longer staff: the API's 404 for anyone else, as for the page itself.
  if (error.status === 404 && error.code !== "TRANSFER_NOT_FOUND" && error.code !== "ORDER_NOT_FOUND") pageNotFoundOn(error);
  return true;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = bankTransfersApi(storefront(context).api);
  const state = stateOf(url.searchParams.get("state"));
  if (form.get("intent") === "import") {
    const file = form.get("statement");
    if (!(file instanceof File) || file.size === 0) return data<ActionAnswer>({ intent: "import", problem: "noFile" }, { status: 400 });
    try {
      const imported = await api.importStatement(file);
      return redirect(transfersPath(state, 1, summaryParams(imported)), 303);
    } catch (error) {
      if (!refusalOf<OpsStatementImportError>(error, url)) throw error;
      return data<ActionAnswer>({ intent: "import", problem: importProblemOf(error.code) }, { status: error.status });
    }
  }
  if (form.get("intent") !== "book") throw data("Unknown form.", { status: 400 });
  const transferId = Number(form.get("transferId"));
  const orderNumber = String(form.get("orderNumber") ?? "").trim();
  const note = String(form.get("note") ?? "").trim();
  if (!Number.isSafeInteger(transferId) || transferId < 1) throw data("Unknown transfer.", { status: 400 });
  if (!orderNumber) return data<ActionAnswer>({ intent: "book", transferId, orderNumber, note, field: "orderNumber", problem: "orderNumberInvalid" }, { status: 400 });
  try {
    const booked = await api.book(transferId, { orderNumber, ...(note ? { note } : {}) });
    return redirect(transfersPath(state, pageOf(url.searchParams.get("page")), { bookedOn: booked.orderNumber ?? orderNumber }), 303);
  } catch (error) {
    if (!refusalOf<OpsTransferBookError>(error, url)) throw error;
    return data<ActionAnswer>({ intent: "book", transferId, orderNumber, note, ...bookProblemOf(error) }, { status: error.status });
  }
}

/** The statement's upload: one file; one too large for a page form is said before anything is sent. */
function ImportForm({ problem, action }: { problem: ImportProblem | null; action: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [tooLarge, setTooLarge] = useState(false);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const shown = tooLarge ? "tooLarge" : problem;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3"
      aria-busy={busy}
      onSubmit={(event) => {
        const file = (event.currentTarget.elements.namedItem("statement") as HTMLInputElement | null)?.files?.[0];
        const large = Boolean(file && file.size > PAGE_STATEMENT_MAX_BYTES);
        setTooLarge(large);
        if (large) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="import" />
      <div className="min-w-[16rem] flex-1">
        <label htmlFor="statement" className="block text-sm font-semibold">
          {t("ops.transfers.import.file")}
        </label>
        <input
          id="statement"
          name="statement"
          type="file"
          accept=".xml,application/xml,text/xml"
          required
          aria-invalid={shown ? true : undefined}
          aria-describedby={`statement-hint${shown ? " statement-problem" : ""}`}
          className="mt-1 block w-full text-sm file:mr-3 file:h-9 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:font-semibold"
        />
        <p id="statement-hint" className="mt-1 text-xs text-muted">
          {t("ops.transfers.import.hint")}
        </p>
        {shown && (
          <p id="statement-problem" role="alert" className="mt-1 text-sm text-red-800">
            {t(`ops.transfers.importProblems.${shown}`)}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className={opsButton.primary}>
        {busy ? t("ops.transfers.import.importing") : t("ops.transfers.import.submit")}
      </button>
    </Form>
  );
}

/** Finance: the bank's statement imported, the incoming transfers by state, and those that did not pay their order booked by hand. */
export default function OpsTransfers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { list, state, summary, bookedOn } = loaderData;
  const here = transfersPath(state, list.page);
  const loading = navigation.state === "loading" && navigation.location.pathname === TRANSFERS_PATH;
  const refusal = actionData?.intent === "book" ? actionData : null;
  const columns = [
    t("ops.transfers.columns.bookingDate"),
    <span className="block text-right">{t("ops.transfers.columns.amount")}</span>,
    t("ops.transfers.columns.from"),
    t("ops.transfers.columns.remittance"),
    t("ops.transfers.columns.order"),
    t("ops.transfers.columns.state"),
    <span className="sr-only">{t("ops.transfers.columns.actions")}</span>,
  ];
  const filterLink = "rounded-lg border border-line bg-white px-3 py-1.5 font-semibold aria-[current=page]:border-blue-accent aria-[current=page]:bg-blue-accent aria-[current=page]:text-white";
  return (
    <>
      <OpsPageTitle title={t("ops.transfers.title")} intro={t("ops.transfers.intro")} />
      {summary && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900" data-testid="import-summary">
          {t("ops.transfers.imported", { added: summary.added, booked: summary.booked, known: summary.known, skipped: summary.skipped })}
        </p>
      )}
      {bookedOn && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t("ops.transfers.bookedOn", { number: bookedOn })}
        </p>
      )}
      <ImportForm problem={actionData?.intent === "import" ? actionData.problem : null} action={here} />
      <nav aria-label={t("ops.transfers.filter")} className="mt-4 flex flex-wrap gap-1 text-sm">
        <Link to={transfersPath(null)} aria-current={state === null ? "page" : undefined} className={filterLink}>
          {t("ops.transfers.all")}
        </Link>
        {TRANSFER_STATES.map((s) => (
          <Link key={s} to={transfersPath(s)} aria-current={s === state ? "page" : undefined} className={filterLink}>
            {t(`ops.transfers.states.${s}`)} <span className="tabular-nums">({list.counts[s]})</span>
          </Link>
        ))}
      </nav>
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-transfers"
          heading={t("ops.transfers.heading", { count: list.total })}
          columns={columns}
          rows={list.transfers.map((transfer) => (
            <TransferRow key={transfer.id} transfer={transfer} refusal={refusal} action={here} />
          ))}
          empty={state ? t("ops.transfers.emptyState", { state: t(`ops.transfers.states.${state}`) }) : t("ops.transfers.empty")}
          minWidth="min-w-[60rem]"
          testId="transfers"
        />
      </div>
      {list.totalPages > 1 && (
        <nav aria-label={t("ops.transfers.pages")} className="mt-3 flex items-center gap-3 text-sm">
          {list.page > 1 && (
            <Link to={transfersPath(state, list.page - 1)} className="font-semibold underline">
              {t("ops.transfers.previous")}
            </Link>
          )}
          <span>{t("ops.transfers.pageOf", { page: list.page, pages: list.totalPages })}</span>
          {list.page < list.totalPages && (
            <Link to={transfersPath(state, list.page + 1)} className="font-semibold underline">
              {t("ops.transfers.next")}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
