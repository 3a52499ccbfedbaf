import { Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { GRADES } from "../../domain/catalogue/grades.ts";
import { formatMoney } from "../../domain/money.ts";
import { mayAct } from "../../domain/staff/staff.ts";
import { UNIT_STATUSES } from "../../domain/stock/units.ts";
import { unitsApi } from "../api-client/units.ts";
import { opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { isScanOf, pageOf, UNIT_CREATE_ROLES, unitFilterOf, unitPath, UNITS_PATH, unitsPath } from "../features/ops/unit-form.ts";
import { UnitStatusBadge } from "../features/ops/unit-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-units";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const filter = unitFilterOf(url.searchParams);
  const page = pageOf(url.searchParams.get("page"));
  let list;
  try {
    list = await unitsApi(storefront(context).api).units({
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.grade ? { grade: filter.grade } : {}),
      ...(filter.productId ? { productId: filter.productId } : {}),
      page,
    });
  } catch (error) {
    staffPageOn(error, url);
  }
  // A scanned label or IMEI that finds its one unit opens it.
  const only = list.total === 1 ? list.units[0] : undefined;
  if (only && filter.q && isScanOf(filter.q, only)) throw redirect(unitPath(only));
  return { list, filter };
}

/** Every device the shop holds, one by one: found by a scanned label or IMEI, a name, or filtered by status, grade and product. */
export default function OpsUnits({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { me } = useRouteLoaderData<typeof opsLoader>("layouts/ops")!;
  const { list, filter } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === UNITS_PATH;
  const filtered = Boolean(filter.q || filter.status || filter.grade || filter.productId);
  const columns = [
    t("ops.units.columns.label"),
    t("ops.units.columns.product"),
    t("ops.units.columns.grade"),
    t("ops.units.columns.status"),
    t("ops.units.columns.identifier"),
    t("ops.units.columns.location"),
    <span className="block text-right">{t("ops.units.columns.age")}</span>,
    <span className="block text-right">{t("ops.units.columns.purchasePrice")}</span>,
  ];
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <OpsPageTitle title={t("ops.units.title")} intro={t("ops.units.intro")} />
        </div>
        {mayAct(me.roles, UNIT_CREATE_ROLES) && (
          <Link to={`${UNITS_PATH}/new`} className={`${opsButton.secondary} inline-flex items-center`}>
            {t("ops.units.create.open")}
          </Link>
        )}
      </div>
      <Form method="get" action={UNITS_PATH} role="search" className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-3" aria-label={t("ops.units.filter.label")}>
        <div className="min-w-[16rem] flex-[2]">
          <label htmlFor="units-q" className="block text-sm font-semibold">
            {t("ops.units.filter.q")}
          </label>
          <input
            id="units-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            maxLength={100}
            autoComplete="off"
            autoFocus={!filtered}
            aria-describedby="units-q-hint"
            className={opsInput}
            data-testid="units-search"
          />
          <p id="units-q-hint" className="mt-1 text-xs text-muted">
            {t("ops.units.filter.qHint")}
          </p>
        </div>
        <label className="min-w-[9rem] flex-1 text-sm font-semibold">
          {t("ops.units.filter.status")}
          <select name="status" defaultValue={filter.status ?? ""} className={opsInput}>
            <option value="">{t("ops.units.filter.any")}</option>
            {UNIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`ops.units.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-[7rem] flex-1 text-sm font-semibold">
          {t("ops.units.filter.grade")}
          <select name="grade" defaultValue={filter.grade ?? ""} className={opsInput}>
            <option value="">{t("ops.units.filter.any")}</option>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </select>
        </label>
        <label className="w-32 text-sm font-semibold">
          {t("ops.units.filter.productId")}
          <input name="productId" type="number" inputMode="numeric" min={1} defaultValue={filter.productId ?? ""} className={opsInput} />
        </label>
        <button type="submit" className={opsButton.primary}>
          {t("ops.units.filter.submit")}
        </button>
        {filtered && (
          <Link to={UNITS_PATH} className="h-9 content-center text-sm font-semibold text-blue-accent underline">
            {t("ops.units.filter.reset")}
          </Link>
        )}
      </Form>
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-units"
          heading={t("ops.units.heading", { count: list.total })}
          columns={columns}
          rows={list.units.map((unit) => (
            <tr key={unit.id}>
              <th scope="row" className={`${tableCell} text-left font-mono font-semibold`}>
                <Link to={unitPath(unit)} className="text-blue-accent underline">
                  {unit.label}
                </Link>
              </th>
              <td className={tableCell}>
                {unit.product.name}
                <span className="block text-xs text-muted">#{unit.product.id}</span>
              </td>
              <td className={tableCell}>
                {unit.grade}
                {unit.fullBattery && <span className="block text-xs text-muted">{t("ops.units.fullBattery")}</span>}
              </td>
              <td className={tableCell}>
                <UnitStatusBadge status={unit.status} />
              </td>
              <td className={`${tableCell} font-mono text-xs`}>{unit.identifier ?? <span className="text-muted">–</span>}</td>
              <td className={tableCell}>{unit.location ?? <span className="text-muted">–</span>}</td>
              <td className={`${tableCell} text-right tabular-nums`}>{t("ops.units.ageDays", { count: unit.ageDays })}</td>
              <td className={`${tableCell} text-right tabular-nums`}>{formatMoney(unit.purchasePrice.amount, i18n.language)}</td>
            </tr>
          ))}
          empty={filtered ? t("ops.units.emptyFiltered") : t("ops.units.empty")}
          minWidth="min-w-[56rem]"
          testId="units"
        />
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} pathOf={(page) => unitsPath(filter, page)} />
    </>
  );
}
