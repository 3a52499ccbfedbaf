import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { PayoutBatchCreateError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { isApiError } from "../api-client/client.ts";
import { payoutsApi } from "../api-client/payouts.ts";
import { Price } from "../components/price.tsx";
import { opsButton, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { batchRequestOf, refundsToBatch } from "../features/ops/payout-batching.ts";
import { PayoutCells } from "../features/ops/payout-cells.tsx";
import { RefundTransferCells } from "../features/ops/refund-transfer-cells.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-payouts";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const api = payoutsApi(storefront(context).api);
  try {
    const [due, batches] = await Promise.all([api.duePayouts(), api.payoutBatches()]);
    return { due, batches, locale: storefront(context).locale };
  } catch (error) {
    // Staff without the finance role get the back-office's 403; anyone else no page at all.
    staffPageOn(error, url);
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const wanted = batchRequestOf(await readForm(request));
  if (!wanted) return data({ problem: "noneChosen" as const }, { status: 400 });
  try {
    const batch = await payoutsApi(storefront(context).api).createPayoutBatch(wanted);
    return redirect(`/ops/payouts/batches/${batch.id}`, 303);
  } catch (error) {
    // An old second factor goes to give it again and comes back here; nothing due any more is said on the page.
    if (isApiError<PayoutBatchCreateError>(error) && error.code === "NOTHING_DUE") return data({ problem: "nothingDue" as const }, { status: 409 });
    if (isApiError<PayoutBatchCreateError>(error) && error.status === 400) return data({ problem: "failed" as const }, { status: 400 });
    staffPageOn(error, url);
  }
}

/**
 * Finance: the payouts due and the customers' refunds to transfer, to be gathered into a batch
 * (the chosen payouts, or everything due with the refunds whose account is known), and the
 * batches made so far.
 */
export default function OpsPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const creating = (intent: string) => busy && navigation.formData?.get("intent") === intent;
  const { due, batches, locale } = loaderData;
  const refunds = refundsToBatch(due.refunds);
  const anythingToBatch = due.payouts.length > 0 || refunds.withAccount > 0;
  return (
    <>
      <OpsPageTitle title={t("ops.payouts.title")} intro={t("ops.payouts.intro")} />
      <Form method="post" className="mt-4 space-y-3" aria-busy={busy}>
        <TableCard
          id="payouts-due"
          heading={t("ops.payouts.due", { count: due.payouts.length })}
          testId="payouts-due"
          minWidth="min-w-[44rem]"
          empty={t("ops.payouts.noneDue")}
          columns={[<span className="sr-only">{t("ops.payouts.choose")}</span>, t("ops.payouts.sale"), t("ops.payouts.seller"), t("ops.payouts.method"), t("ops.payouts.account"), t("ops.payouts.amount"), t("ops.payouts.settled")]}
          rows={due.payouts.map((p) => (
            <tr key={p.saleUuid}>
              <td className={tableCell}>
                <input type="checkbox" name="sale" value={p.saleUuid} defaultChecked aria-label={t("ops.payouts.chooseSale", { number: p.saleNumber })} className="h-5 w-5" />
              </td>
              <PayoutCells payout={p} withMethod />
              <td className={tableCell}>{formatDate(p.settledAt, locale, "medium")}</td>
            </tr>
          ))}
        />
        <TableCard
          id="refunds-due"
          heading={t("ops.payouts.refunds.heading")}
          testId="refunds-due"
          minWidth="min-w-[40rem]"
          empty={t("ops.payouts.refunds.none")}
          columns={[t("ops.payouts.refunds.order"), t("ops.payouts.refunds.customer"), t("ops.payouts.account"), t("ops.payouts.amount"), t("ops.payouts.settled")]}
          rows={due.refunds.map((r) => (
            <tr key={r.refundUuid}>
              <RefundTransferCells refund={r} />
              <td className={tableCell}>{formatDate(r.createdAt, locale, "medium")}</td>
            </tr>
          ))}
        />
        <p id="refunds-note" className="max-w-3xl text-sm text-muted">
          {t("ops.payouts.refunds.note")}
        </p>
        {anythingToBatch && (
          <div className="flex flex-wrap items-center gap-3">
            {due.payouts.length > 0 && (
              <button type="submit" name="intent" value="chosen" disabled={busy} className={opsButton.primary}>
                {creating("chosen") ? t("ops.payouts.creating") : t("ops.payouts.createBatch")}
              </button>
            )}
            <button type="submit" name="intent" value="all" disabled={busy} aria-describedby="batch-all-takes" className={due.payouts.length > 0 ? opsButton.secondary : opsButton.primary}>
              {creating("all") ? t("ops.payouts.creating") : t("ops.payouts.createAllBatch")}
            </button>
            <p className="text-sm text-muted">
              {t("ops.payouts.dueTotal")} <Price cents={due.total.amount} />
              <span id="batch-all-takes" className="block text-xs" data-testid="batch-all-takes">
                {t("ops.payouts.refunds.allTakes", { count: refunds.withAccount })}
              </span>
            </p>
          </div>
        )}
        {actionData?.problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {t(`ops.payouts.problems.${actionData.problem}`)}
          </p>
        )}
      </Form>
      <div className="mt-6">
        <TableCard
          id="payout-batches"
          heading={t("ops.payouts.batches")}
          testId="payout-batches"
          minWidth="min-w-[36rem]"
          empty={t("ops.payouts.noBatches")}
          columns={[t("ops.payouts.batch"), t("ops.payouts.created"), t("ops.payouts.count"), t("ops.payouts.amount"), t("ops.payouts.state")]}
          rows={batches.batches.map((b) => (
            <tr key={b.id}>
              <td className={tableCell}>
                <Link to={`/ops/payouts/batches/${b.id}`} className="whitespace-nowrap font-semibold underline">
                  {t("ops.payouts.batchName", { id: b.id })}
                </Link>
              </td>
              <td className={tableCell}>
                {formatDate(b.createdAt, locale, "medium-time")}
                {b.createdByEmail && <span className="block break-all text-xs text-muted">{b.createdByEmail}</span>}
              </td>
              <td className={tableCell}>{b.count}</td>
              <td className={`${tableCell} text-right`}>
                <Price cents={b.total.amount} />
              </td>
              <td className={tableCell}>{b.executedAt ? t("ops.payouts.executedOn", { date: formatDate(b.executedAt, locale, "medium") }) : t("ops.payouts.open")}</td>
            </tr>
          ))}
        />
      </div>
    </>
  );
}
