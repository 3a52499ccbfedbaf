import { data, Form, Link, useNavigation } from "react-router";
import type { AuditLogError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { isApiError } from "../api-client/client.ts";
import { staffApi } from "../api-client/staff.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Pagination } from "../components/pagination.tsx";
import { TextField } from "../components/text-field.tsx";
import { AUDIT_FILTER_FIELDS, auditFilterOf, auditPageOf, auditQueryOf, type AuditFilterField } from "../features/ops/audit-filter.ts";
import { opsButton, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-audit";

await loadPageMessages();

const AUDIT_PATH = "/ops/audit";

export async function loader({ url, context }: Route.LoaderArgs) {
  const filter = auditFilterOf(url.searchParams);
  try {
    const log = await staffApi(storefront(context).api).auditLog(auditQueryOf(filter, auditPageOf(url.searchParams)));
    return { filter, log, refused: [] };
  } catch (error) {
    // A filter the API does not take (too long, unknown characters): said at its field, the form kept.
    if (isApiError<AuditLogError>(error, 400)) {
      const refused = error.errors.map((item) => ({ field: AUDIT_FILTER_FIELDS.find((f) => item.reference.endsWith(`.${f}`)) ?? null, message: item.message }));
      return data({ filter, log: null, refused }, { status: 400 });
    }
    // Staff without the admin or support role get the back-office's 403; anyone else no page at all.
    staffPageOn(error, url);
  }
}

/** A value before or after the change, compact: JSON on one line, a dash for none. */
const compact = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/** Admins and support: every staff action, newest first, filtered by who, what, which entity and when. */
export default function OpsAudit({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { filter, log, refused } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === AUDIT_PATH;
  const filtered = AUDIT_FILTER_FIELDS.some((field) => filter[field] !== "");
  const errorOf = (field: AuditFilterField) => refused.find((r) => r.field === field)?.message;
  const general = refused.filter((r) => r.field === null);
  const inputs: { field: AuditFilterField; type: "text" | "date"; maxLength?: number }[] = [
    { field: "actor", type: "text", maxLength: 254 },
    { field: "action", type: "text", maxLength: 80 },
    { field: "entityType", type: "text", maxLength: 40 },
    { field: "entityId", type: "text", maxLength: 80 },
    { field: "from", type: "date" },
    { field: "to", type: "date" },
  ];
  return (
    <>
      <OpsPageTitle title={t("ops.audit.title")} intro={t("ops.audit.intro")} />
      <Form method="get" action={AUDIT_PATH} className="mt-4 rounded-xl border border-line bg-white p-3" aria-busy={loading} aria-labelledby="ops-audit-filter">
        <h2 id="ops-audit-filter" className="sr-only">
          {t("ops.audit.filter.heading")}
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
          {inputs.map(({ field, type, maxLength }) => (
            <TextField
              key={field}
              label={t(`ops.audit.filter.${field}`)}
              name={field}
              type={type}
              defaultValue={filter[field]}
              maxLength={maxLength}
              hint={field === "action" ? t("ops.audit.filter.actionHint") : undefined}
              error={errorOf(field)}
              autoComplete="off"
            />
          ))}
        </div>
        {general.length > 0 && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-800">
            {general.map((r) => r.message).join(" ")}
          </p>
        )}
        <div className="mt-3 flex items-center gap-3">
          <button type="submit" disabled={loading} className={opsButton.primary}>
            {loading ? t("ops.audit.filter.loading") : t("ops.audit.filter.submit")}
          </button>
          {filtered && (
            <Link to={AUDIT_PATH} className="text-sm font-semibold text-blue-accent underline">
              {t("ops.audit.filter.reset")}
            </Link>
          )}
        </div>
      </Form>
      {log && log.entries.length === 0 && <EmptyState title={t("ops.audit.empty.title")} text={filtered ? t("ops.audit.empty.filtered") : t("ops.audit.empty.text")} />}
      {log && log.entries.length > 0 && (
        <div className="mt-4">
          <TableCard
            id="ops-audit-entries"
            heading={t("ops.audit.entries", { count: log.total })}
            columns={[
              t("ops.audit.columns.at"),
              t("ops.audit.columns.actor"),
              t("ops.audit.columns.action"),
              t("ops.audit.columns.entity"),
              t("ops.audit.columns.change"),
              t("ops.audit.columns.requestId"),
            ]}
            rows={log.entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${tableCell} whitespace-nowrap`}>
                  <time dateTime={entry.at}>{formatDate(entry.at, i18n.language, "medium-time")}</time>
                </td>
                <td className={`${tableCell} [overflow-wrap:break-word]`}>{entry.actorEmail}</td>
                <td className={tableCell}>
                  <code className="whitespace-nowrap font-semibold">{entry.action}</code>
                </td>
                <td className={`${tableCell} break-all`}>
                  <span className="text-muted">{entry.entityType}</span> <code>{entry.entityId}</code>
                </td>
                <td className={`${tableCell} max-w-md break-all font-mono text-xs`}>
                  <span>{compact(entry.before)}</span>
                  <span aria-hidden="true" className="mx-1 font-sans text-sm text-muted">
                    →
                  </span>
                  <span className="sr-only">{t("ops.audit.becomes")}</span>
                  <span>{compact(entry.after)}</span>
                </td>
                <td className={`${tableCell} break-all font-mono text-xs text-muted`}>{entry.requestId}</td>
              </tr>
            ))}
            minWidth="min-w-[52rem]"
            testId="audit-entries"
          />
        </div>
      )}
      {log && <Pagination page={log.page} totalPages={Math.ceil(log.total / log.pageSize)} />}
    </>
  );
}
