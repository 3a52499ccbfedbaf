import { useCallback, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { RETURN_STATUSES } from "../../domain/returns/returns.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { isApiError } from "../api-client/client.ts";
import { returnOpsApi, type ReceiveError } from "../api-client/ops-returns.ts";
import { opsButton, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { needsIdentifier, RECEIVE_ROLES, receiveProblemOf, returnPath, RETURNS_PATH, returnsPath, returnStatusOf, scannedLabelOf, type ReceiveProblem } from "../features/ops/return-form.ts";
import { MismatchBadge, ReturnStatusBadge, StatusTabs, useFocusOnProblem } from "../features/ops/return-ui.tsx";
import { pageOf } from "../features/ops/unit-form.ts";
import { BarcodeScanButton } from "../features/trade-in/barcode-scan-button.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-returns";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const status = returnStatusOf(url.searchParams.get("status"));
  const page = pageOf(url.searchParams.get("page"));
  let list;
  try {
    list = await returnOpsApi(storefront(context).api).returns({ ...(status ? { status } : {}), page });
  } catch (error) {
    staffPageOn(error, url);
  }
  // A page past the end (the list got shorter): its last page.
  if (list.returns.length === 0 && page > 1 && list.total > 0) throw redirect(returnsPath(status, Math.ceil(list.total / list.pageSize)));
  return { list, status };
}

interface ScanAnswer {
  label: string;
  identifier: string;
  field: "label" | "identifier";
  problem: ReceiveProblem;
}

/**
 * A parcel taken in: the scanned label finds its return among those expected. A return of one
 * device whose IMEI was typed too, or of no device at all, is received here; otherwise its page
 * asks for each device's IMEI. A label of no expected return is said at the field, as the API
 * says it (unknown, or received already).
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const label = String(form.get("label") ?? "").trim();
  const identifier = String(form.get("identifier") ?? "").trim();
  const answer = (field: ScanAnswer["field"], problem: ReceiveProblem, status: number) => data<ScanAnswer>({ label, identifier, field, problem }, { status });
  const scanned = scannedLabelOf(label);
  if ("problem" in scanned) return answer("label", scanned.problem, 400);
  if (identifier && !/^[A-Za-z0-9 -]{4,64}$/.test(identifier)) return answer("identifier", "identifierInvalid", 400);
  const api = returnOpsApi(storefront(context).api);
  try {
    const found = await api.expectedByNumber(scanned.number);
    if (!found) {
      // It waits for no parcel: the API says whether it was received already or does not exist.
      const received = await api.receive({ label: scanned.number });
      return redirect(`${returnPath(received)}?done=received`, 303);
    }
    const ret = await api.return(found.uuid);
    const devices = ret.items.filter(needsIdentifier);
    const [device] = devices;
    if (devices.length === 0 || (devices.length === 1 && device && identifier)) {
      await api.receive({ label: ret.number, ...(device ? { identifiers: [{ orderItemUuid: device.orderItemUuid, identifier }] } : {}) });
      return redirect(`${returnPath(ret)}?done=received`, 303);
    }
    // The IMEIs still to scan, one field per device, on the return's page.
    return redirect(`${returnPath(ret)}?scan=${identifier ? "several" : "identifiers"}`, 303);
  } catch (error) {
    if (!isApiError<ReceiveError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404 && error.code !== "RETURN_NOT_FOUND") pageNotFoundOn(error);
    const { field, problem } = receiveProblemOf(error, []);
    return answer(field === null ? "label" : "identifier", problem, error.status);
  }
}

/** The desk's field a USB scanner types the return label into (with its Enter), the IMEI of a single device beside it, and a camera where the browser reads barcodes. */
function ScanForm({ answer }: { answer: ScanAnswer | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const labelField = useRef<HTMLInputElement>(null);
  const imeiField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, answer);
  const onCode = useCallback((code: string) => {
    if (labelField.current) labelField.current.value = code;
    imeiField.current?.focus();
  }, []);
  const at = (field: ScanAnswer["field"]) => answer?.field === field;
  const problem = answer ? t(`ops.returns.scan.problems.${answer.problem}`) : null;
  return (
    <section aria-labelledby="returns-scan" className="mt-4 rounded-xl border-2 border-blue-accent bg-white p-4" data-testid="return-scan">
      <h2 id="returns-scan" className="font-bold">
        {t("ops.returns.scan.heading")}
      </h2>
      <p id="returns-scan-hint" className="text-sm text-muted">
        {t("ops.returns.scan.hint")}
      </p>
      <Form ref={form} method="post" action={RETURNS_PATH} className="mt-3 grid gap-3 md:grid-cols-[3fr_2fr_auto] md:items-start" aria-busy={busy}>
        <div className="min-w-0">
          <label htmlFor="return-label" className="block text-sm font-semibold">
            {t("ops.returns.scan.label")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              ref={labelField}
              id="return-label"
              name="label"
              type="text"
              defaultValue={answer?.label}
              // The desk where parcels are scanned: the scanner's keystrokes must land here.
              autoFocus={!answer || at("label")}
              required
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              placeholder="RT-001234"
              aria-invalid={at("label") ? true : undefined}
              aria-describedby={`returns-scan-hint${at("label") ? " return-label-problem" : ""}`}
              className="h-14 min-w-0 flex-1 rounded-lg border-2 border-line bg-white px-3 font-mono text-2xl tracking-wide focus:border-blue-accent aria-[invalid=true]:border-red-700"
              data-testid="return-label-field"
            />
            <BarcodeScanButton onCode={onCode} formats={["code_128"]} texts="ops.receiving.camera" className="h-14 shrink-0 rounded-lg border-2 border-line px-3 text-base font-semibold" />
          </div>
          {at("label") && (
            <div id="return-label-problem" role="alert" className="mt-1 text-sm text-red-800">
              {problem}
              {answer?.problem === "alreadyReceived" && (
                <>
                  {" "}
                  <Link to={returnsPath("received")} className="font-semibold underline">
                    {t("ops.returns.scan.openReceived")}
                  </Link>
                </>
              )}
            </div>
          )}
        </div>
        <div>
          <label htmlFor="return-identifier" className="block text-sm font-semibold">
            {t("ops.returns.scan.identifier")}
          </label>
          <input
            ref={imeiField}
            id="return-identifier"
            name="identifier"
            type="text"
            defaultValue={answer?.identifier}
            autoFocus={at("identifier")}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            aria-invalid={at("identifier") ? true : undefined}
            aria-describedby={`return-identifier-hint${at("identifier") ? " return-identifier-problem" : ""}`}
            className="mt-1 h-14 w-full rounded-lg border-2 border-line bg-white px-3 font-mono text-lg focus:border-blue-accent aria-[invalid=true]:border-red-700"
          />
          <p id="return-identifier-hint" className="mt-1 text-xs text-muted">
            {t("ops.returns.scan.identifierHint")}
          </p>
          {at("identifier") && (
            <p id="return-identifier-problem" role="alert" className="mt-1 text-sm text-red-800">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className={`${opsButton.primary} h-14 px-5 text-base md:mt-6`}>
          {busy ? t("ops.returns.scan.receiving") : t("ops.returns.scan.submit")}
        </button>
      </Form>
    </section>
  );
}

/** Returns: the parcel scanned in at the desk, the returns by status (all newest first, a queue oldest first), each opened to decide. */
export default function OpsReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { list, status } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === RETURNS_PATH;
  const columns = [
    t("ops.returns.columns.number"),
    t("ops.returns.columns.status"),
    t("ops.returns.columns.kind"),
    t("ops.returns.columns.order"),
    t("ops.returns.columns.customer"),
    <span className="block text-right">{t("ops.returns.columns.items")}</span>,
    t("ops.returns.columns.created"),
    t("ops.returns.columns.sendBy"),
  ];
  return (
    <>
      <OpsPageTitle title={t("ops.returns.title")} intro={t("ops.returns.intro")} />
      {mayAct(me.roles, RECEIVE_ROLES) && <ScanForm answer={actionData ?? null} />}
      <StatusTabs
        label={t("ops.returns.filter")}
        statuses={RETURN_STATUSES}
        current={status}
        pathOf={(s) => returnsPath(s)}
        textOf={(s) => t(`ops.returns.statuses.${s}`)}
        all={t("ops.returns.all")}
      />
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-returns"
          heading={t("ops.returns.heading", { count: list.total })}
          columns={columns}
          rows={list.returns.map((ret) => (
            <tr key={ret.uuid} className={ret.identifierMismatch ? "border-l-4 border-l-red-700 bg-red-50/40" : ""} data-testid="return-row">
              <th scope="row" className={`${tableCell} text-left font-mono font-semibold`}>
                <Link to={returnPath(ret)} className="text-blue-accent underline">
                  {ret.number}
                </Link>
              </th>
              <td className={tableCell}>
                <span className="flex flex-wrap gap-1">
                  <ReturnStatusBadge status={ret.status} />
                  {ret.identifierMismatch && <MismatchBadge />}
                </span>
              </td>
              <td className={tableCell}>{t(`ops.returns.kinds.${ret.kind}`)}</td>
              <td className={`${tableCell} font-mono`}>{ret.orderNumber}</td>
              <td className={`${tableCell} break-all`}>{ret.email}</td>
              <td className={`${tableCell} text-right tabular-nums`}>{ret.itemCount}</td>
              <td className={`${tableCell} whitespace-nowrap`}>
                <time dateTime={ret.createdAt}>{formatDate(ret.createdAt, i18n.language, "medium")}</time>
              </td>
              <td className={`${tableCell} whitespace-nowrap`}>
                <time dateTime={ret.sendBy}>{formatDate(ret.sendBy, i18n.language, "medium")}</time>
              </td>
            </tr>
          ))}
          empty={status ? t("ops.returns.emptyStatus", { status: t(`ops.returns.statuses.${status}`) }) : t("ops.returns.empty")}
          minWidth="min-w-[56rem]"
          testId="returns"
        />
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} pathOf={(page) => returnsPath(status, page)} />
    </>
  );
}
