import { useCallback, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { OpsSaleListQuery, OpsSaleViewError, UnmatchedParcelError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { SALE_STATUSES, type SaleStatus } from "../../domain/selling/sales.ts";
import { isApiError } from "../api-client/client.ts";
import { saleOpsApi } from "../api-client/sale-ops.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pagination } from "../components/pagination.tsx";
import { TextField } from "../components/text-field.tsx";
import { opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { salePath, SaleStatusBadge } from "../features/ops/sale-ops-ui.tsx";
import { BarcodeScanButton } from "../features/trade-in/barcode-scan-button.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { isRoleRefusal, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-receiving";

await loadPageMessages();

const RECEIVING_PATH = "/ops/receiving";
/**
 * The page serves two desks: receiving (/ops/receiving) lists by default the sales whose parcels
 * are expected, grading (/ops/inspection) those received and waiting for their inspection.
 */
const DESKS = {
  receiving: { path: RECEIVING_PATH, status: "created" },
  inspection: { path: "/ops/inspection", status: "parcel_received" },
} as const satisfies Record<string, { path: string; status: SaleStatus }>;
type Desk = keyof typeof DESKS;
const deskOf = (url: URL): Desk => (url.pathname === DESKS.inspection.path ? "inspection" : "receiving");

type ListFilter = { status: SaleStatus | "all"; customer: string; olderThanDays: string };

function filterOf(params: URLSearchParams, desk: Desk): ListFilter {
  const status = params.get("status");
  const days = params.get("olderThanDays") ?? "";
  return {
    status: status === "all" || SALE_STATUSES.includes(status as SaleStatus) ? (status as SaleStatus | "all") : DESKS[desk].status,
    customer: (params.get("customer") ?? "").trim().slice(0, 254),
    olderThanDays: /^\d{1,4}$/.test(days) ? days : "",
  };
}

function queryOf(filter: ListFilter, params: URLSearchParams): OpsSaleListQuery {
  const page = Number(params.get("page"));
  return {
    ...(filter.status !== "all" ? { status: filter.status } : {}),
    ...(filter.customer ? { customer: filter.customer } : {}),
    ...(filter.olderThanDays ? { olderThanDays: Math.min(Number(filter.olderThanDays), 3650) } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = saleOpsApi(storefront(context).api);
  const code = (url.searchParams.get("code") ?? "").trim();
  const desk = deskOf(url);
  const filter = filterOf(url.searchParams, desk);
  try {
    // A scanned label or a typed number opens its sale; one that matches none is said here.
    let unknownCode: string | null = null;
    if (code) {
      const found = await api.sale(code).catch((error: unknown) => {
        if (isApiError<OpsSaleViewError>(error, 404) && error.code === "SALE_NOT_FOUND") return null;
        if (isApiError<OpsSaleViewError>(error, 400)) return null;
        throw error;
      });
      if (found) return redirect(salePath(found));
      unknownCode = code;
    }
    const [list, parcels] = await Promise.all([
      api.sales(queryOf(filter, url.searchParams)),
      // Grading and finance read the sales, not the parcels that matched none.
      desk === "inspection" ? null : api.unmatchedParcels().catch((error: unknown) => {
        if (isRoleRefusal(error)) return null;
        throw error;
      }),
    ]);
    return { desk, filter, unknownCode, list, parcels, recorded: url.searchParams.get("recorded") };
  } catch (error) {
    staffPageOn(error, url);
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const code = String(form.get("code") ?? "").trim();
  const note = String(form.get("note") ?? "").trim();
  try {
    await saleOpsApi(storefront(context).api).recordUnmatchedParcel({ code, ...(note ? { note } : {}) });
    return redirect(`${RECEIVING_PATH}?${new URLSearchParams({ recorded: code })}`, 303);
  } catch (error) {
    if (!isApiError<UnmatchedParcelError>(error) || error.status >= 500) throw error;
    if (error.status === 401 || error.status === 404) staffPageOn(error, url);
    return data({ problem: isRoleRefusal(error) ? ("notAllowed" as const) : ("invalid" as const) }, { status: error.status });
  }
}

/** The big field a USB scanner types the label's code into (with its Enter), or staff the sale number; a camera where the browser reads barcodes. */
function ScanForm({ code, path }: { code: string; path: string }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const onCode = useCallback((scanned: string) => {
    if (!input.current) return;
    input.current.value = scanned;
    form.current?.requestSubmit();
  }, []);
  return (
    <Form ref={form} method="get" action={path} className="mt-4 rounded-xl border border-line bg-white p-4" role="search" aria-labelledby="ops-scan-label">
      <label id="ops-scan-label" htmlFor="ops-scan" className="block font-bold">
        {t("ops.receiving.scan.label")}
      </label>
      <p id="ops-scan-hint" className="text-sm text-muted">
        {t("ops.receiving.scan.hint")}
      </p>
      <div className="mt-2 flex gap-2">
        <input
          ref={input}
          id="ops-scan"
          name="code"
          defaultValue={code}
          // The page is where parcels are scanned: the scanner's keystrokes must land here.
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={40}
          required
          aria-describedby="ops-scan-hint"
          placeholder="S-0001000-1"
          className="h-14 min-w-0 flex-1 rounded-lg border-2 border-line bg-white px-3 font-mono text-2xl tracking-wide focus:border-blue-accent"
          data-testid="scan-field"
        />
        <BarcodeScanButton onCode={onCode} formats={["code_128"]} texts="ops.receiving.camera" className="h-14 rounded-lg border-2 border-line px-4 text-xl font-semibold" />
        <button type="submit" className={`${opsButton.primary} h-14 px-5 text-base`}>
          {t("ops.receiving.scan.submit")}
        </button>
      </div>
    </Form>
  );
}

/** A code that matched no sale: said plainly, with the way to record the parcel anyway. */
function UnknownCode({ desk, code, problem }: { desk: Desk; code: string; problem: "notAllowed" | "invalid" | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <section role="alert" aria-labelledby="ops-unknown" className="mt-4 rounded-xl border-2 border-amber-400 bg-amber-50 p-4" data-testid="unknown-code">
      <h2 id="ops-unknown" className="font-bold">
        {t("ops.receiving.unknown.title", { code })}
      </h2>
      <p className="mt-1 text-sm">{t("ops.receiving.unknown.text")}</p>
      {desk === "receiving" && (
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" aria-busy={sending}>
        <TextField label={t("ops.receiving.unknown.code")} name="code" defaultValue={code} required maxLength={80} autoComplete="off" />
        <TextField label={t("ops.receiving.unknown.note")} name="note" maxLength={2000} autoComplete="off" />
        <button type="submit" disabled={sending} className={opsButton.secondary}>
          {t("ops.receiving.unknown.record")}
        </button>
      </Form>
      )}
      {problem && <p className="mt-2 text-sm font-semibold text-red-800">{t(`ops.receiving.unknown.problems.${problem}`)}</p>}
    </section>
  );
}

function ListFilterForm({ filter, loading, path }: { filter: ListFilter; loading: boolean; path: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={path} className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3" aria-labelledby="ops-sales-filter" aria-busy={loading}>
      <h2 id="ops-sales-filter" className="sr-only">
        {t("ops.receiving.filter.heading")}
      </h2>
      <label className="text-sm font-semibold">
        {t("ops.receiving.filter.status")}
        <select name="status" defaultValue={filter.status} className={`${opsInput} min-w-44`}>
          {SALE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`ops.receiving.status.${status}`)}
            </option>
          ))}
          <option value="all">{t("ops.receiving.filter.all")}</option>
        </select>
      </label>
      <TextField label={t("ops.receiving.filter.customer")} name="customer" type="search" defaultValue={filter.customer} maxLength={254} autoComplete="off" className="min-w-56 flex-1" />
      <TextField label={t("ops.receiving.filter.olderThanDays")} name="olderThanDays" type="number" min={0} max={3650} inputMode="numeric" defaultValue={filter.olderThanDays} className="w-40" />
      <button type="submit" disabled={loading} className={opsButton.secondary}>
        {t("ops.receiving.filter.submit")}
      </button>
    </Form>
  );
}

/** Receiving: scan a parcel's label to open its sale; the sales expected, oldest first; parcels that matched none. */
export default function OpsReceiving({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { desk, filter, unknownCode, list, parcels, recorded } = loaderData;
  const { path, status } = DESKS[desk];
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const filtered = filter.status !== status || filter.customer !== "" || filter.olderThanDays !== "";
  return (
    <>
      <OpsPageTitle title={t(`ops.${desk}.title`)} intro={t(`ops.${desk}.intro`)} />
      <ScanForm key={unknownCode ?? ""} code={unknownCode ?? ""} path={path} />
      {unknownCode && <UnknownCode desk={desk} code={unknownCode} problem={actionData?.problem ?? null} />}
      {recorded && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t("ops.receiving.unknown.recorded", { code: recorded })}
        </p>
      )}
      <ListFilterForm filter={filter} loading={loading} path={path} />
      {list.sales.length === 0 ? (
        <EmptyState title={t("ops.receiving.empty.title")} text={filtered ? t("ops.receiving.empty.filtered") : t("ops.receiving.empty.text")} />
      ) : (
        <div className="mt-4">
          <TableCard
            id="ops-sales"
            heading={t("ops.receiving.sales", { count: list.total })}
            columns={[
              t("ops.receiving.columns.number"),
              t("ops.receiving.columns.status"),
              t("ops.receiving.columns.seller"),
              t("ops.receiving.columns.items"),
              t("ops.receiving.columns.shipping"),
              t("ops.receiving.columns.created"),
            ]}
            rows={list.sales.map((sale) => (
              <tr key={sale.uuid}>
                <td className={tableCell}>
                  <Link to={salePath(sale)} className="whitespace-nowrap font-mono font-semibold text-blue-accent underline">
                    {sale.number}
                  </Link>
                  {sale.expressGrading && <span className="ml-2 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900">{t("ops.receiving.express")}</span>}
                </td>
                <td className={tableCell}>
                  <SaleStatusBadge status={sale.status} />
                </td>
                <td className={`${tableCell} break-all`}>{sale.customerEmail}</td>
                <td className={tableCell}>{sale.itemCount}</td>
                <td className={tableCell}>{t("ops.receiving.parcels", { count: sale.parcels, carrier: sale.carrier })}</td>
                <td className={`${tableCell} whitespace-nowrap`}>
                  <time dateTime={sale.createdAt}>{formatDate(sale.createdAt, i18n.language)}</time>
                  <span className="block text-xs text-muted">{t("ops.receiving.age", { count: sale.ageDays })}</span>
                </td>
              </tr>
            ))}
            minWidth="min-w-[46rem]"
            testId="ops-sale-list"
          />
        </div>
      )}
      <Pagination page={list.page} totalPages={Math.ceil(list.total / list.pageSize)} />
      {parcels && (
        <div className="mt-6">
          <TableCard
            id="ops-unmatched"
            heading={t("ops.receiving.unmatched.heading")}
            empty={t("ops.receiving.unmatched.empty")}
            columns={[t("ops.receiving.unmatched.code"), t("ops.receiving.unmatched.note"), t("ops.receiving.unmatched.at"), t("ops.receiving.unmatched.by")]}
            rows={parcels.parcels.map((parcel) => (
              <tr key={parcel.id}>
                <td className={`${tableCell} break-all font-mono`}>{parcel.code}</td>
                <td className={tableCell}>{parcel.note ?? "—"}</td>
                <td className={`${tableCell} whitespace-nowrap`}>
                  <time dateTime={parcel.receivedAt}>{formatDate(parcel.receivedAt, i18n.language, "medium-time")}</time>
                </td>
                <td className={`${tableCell} break-all`}>{parcel.receivedByEmail ?? "—"}</td>
              </tr>
            ))}
            minWidth="min-w-[36rem]"
            testId="unmatched-parcels"
          />
        </div>
      )}
    </>
  );
}
