import { Link, redirect, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { CLAIM_STATUSES } from "../../domain/returns/returns.ts";
import { returnOpsApi } from "../api-client/ops-returns.ts";
import { claimPath, CLAIMS_PATH, claimsPath, claimStatusOf } from "../features/ops/claim-form.ts";
import { OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { ClaimStatusBadge, StatusTabs } from "../features/ops/return-ui.tsx";
import { pageOf } from "../features/ops/unit-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-claims";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const status = claimStatusOf(url.searchParams.get("status"));
  const page = pageOf(url.searchParams.get("page"));
  let list;
  try {
    list = await returnOpsApi(storefront(context).api).claims({ ...(status ? { status } : {}), page });
  } catch (error) {
    staffPageOn(error, url);
  }
  // A page past the end (the list got shorter): its last page.
  if (list.claims.length === 0 && page > 1 && list.total > 0) throw redirect(claimsPath(status, Math.ceil(list.total / list.pageSize)));
  return { list, status };
}

/** Warranty claims: all newest first, or one status's queue oldest first, each opened to decide. */
export default function OpsClaims({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { list, status } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === CLAIMS_PATH;
  const columns = [
    t("ops.claims.columns.number"),
    t("ops.claims.columns.status"),
    t("ops.claims.columns.item"),
    t("ops.claims.columns.remedy"),
    t("ops.claims.columns.order"),
    t("ops.claims.columns.customer"),
    t("ops.claims.columns.created"),
  ];
  return (
    <>
      <OpsPageTitle title={t("ops.claims.title")} intro={t("ops.claims.intro")} />
      <StatusTabs label={t("ops.claims.filter")} statuses={CLAIM_STATUSES} current={status} pathOf={(s) => claimsPath(s)} textOf={(s) => t(`ops.claims.statuses.${s}`)} all={t("ops.claims.all")} />
      <div className={`mt-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-claims"
          heading={t("ops.claims.heading", { count: list.total })}
          columns={columns}
          rows={list.claims.map((claim) => (
            <tr key={claim.uuid} data-testid="claim-row">
              <th scope="row" className={`${tableCell} text-left font-mono font-semibold`}>
                <Link to={claimPath(claim)} className="text-blue-accent underline">
                  {claim.number}
                </Link>
              </th>
              <td className={tableCell}>
                <ClaimStatusBadge status={claim.status} />
              </td>
              <td className={tableCell}>{claim.itemName}</td>
              <td className={tableCell}>{t(`ops.claims.remedies.${claim.remedy}`)}</td>
              <td className={`${tableCell} font-mono`}>{claim.orderNumber}</td>
              <td className={`${tableCell} break-all`}>{claim.email}</td>
              <td className={`${tableCell} whitespace-nowrap`}>
                <time dateTime={claim.createdAt}>{formatDate(claim.createdAt, i18n.language, "medium")}</time>
              </td>
            </tr>
          ))}
          empty={status ? t("ops.claims.emptyStatus", { status: t(`ops.claims.statuses.${status}`) }) : t("ops.claims.empty")}
          minWidth="min-w-[52rem]"
          testId="claims"
        />
      </div>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} pathOf={(page) => claimsPath(status, page)} />
    </>
  );
}
