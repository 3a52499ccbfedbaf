import { data, Form, Link, useNavigation } from "react-router";
import type { PayoutBatchExecutedError, PayoutBatchView } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { isApiError } from "../api-client/client.ts";
import { payoutsApi } from "../api-client/payouts.ts";
import { staffApi } from "../api-client/staff.ts";
import { Price } from "../components/price.tsx";
import { opsButton, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { PayoutCells } from "../features/ops/payout-cells.tsx";
import { RefundTransferCells } from "../features/ops/refund-transfer-cells.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { SECOND_FACTOR_PATH, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-payout-batch";
import { secondFactorIsFresh, useFreshFactor } from "../features/ops/second-factor.ts";

await loadPageMessages();

const batchIdOf = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : 0);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    const [batch, me] = await Promise.all([payoutsApi(storefront(context).api).payoutBatch(batchIdOf(params.batchId)), staffApi(storefront(context).api).opsMe()]);
    // The file is money going out: past the recent second factor, the code is asked first, then back here.
    const recent = secondFactorIsFresh(me);
    return { batch, recent, recentUntil: me.secondFactor.recentUntil, back: url.pathname, locale: storefront(context).locale };
  } catch (error) {
    staffPageOn(error, url);
  }
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = payoutsApi(storefront(context).api);
  try {
    if (form.get("intent") === "returned") {
      await api.markPayoutReturned(String(form.get("sale") ?? ""));
      return { done: "returned" as const };
    }
    await api.markPayoutBatchExecuted(batchIdOf(params.batchId));
    return { done: "executed" as const };
  } catch (error) {
    if (isApiError<PayoutBatchExecutedError>(error) && error.status === 409) return data({ problem: error.message }, { status: 409 });
    staffPageOn(error, url);
  }
}

function PayoutRows({ payouts, executed }: { payouts: PayoutBatchView["bankTransfers"]; executed: boolean }) {
  const { t } = useTranslation();
  return payouts.map((p) => (
    <tr key={p.saleUuid}>
      <PayoutCells payout={p} />
      <td className={tableCell}>
        {executed && p.method === "bank_transfer" && (
          <Form method="post" onSubmit={(event) => !window.confirm(t("ops.payouts.confirmReturned", { number: p.saleNumber })) && event.preventDefault()}>
            <input type="hidden" name="intent" value="returned" />
            <input type="hidden" name="sale" value={p.saleUuid} />
            <button type="submit" className={opsButton.secondary}>
              {t("ops.payouts.returned")}
            </button>
          </Form>
        )}
      </td>
    </tr>
  ));
}

/** One payout batch: its bank transfers and customers' refunds (the SEPA file), its PayPal payouts, and marking it executed. */
export default function OpsPayoutBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { batch, back, locale } = loaderData;
  // A page left open past the factor's recent time offers the confirmation instead of a download the server would refuse.
  const recent = useFreshFactor(loaderData.recent, loaderData.recentUntil);
  const executed = batch.executedAt !== null;
  const columns = [t("ops.payouts.sale"), t("ops.payouts.seller"), t("ops.payouts.account"), t("ops.payouts.amount"), <span className="sr-only">{t("ops.payouts.actions")}</span>];
  return (
    <>
      <p className="text-sm">
        <Link to="/ops/payouts" className="underline">
          {t("ops.payouts.back")}
        </Link>
      </p>
      <OpsPageTitle title={t("ops.payouts.batchName", { id: batch.id })} intro={t("ops.payouts.batchIntro", { date: formatDate(batch.createdAt, locale, "medium-time"), who: batch.createdByEmail ?? "—" })} />
      <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1 text-sm">
        <div>
          <dt className="text-muted">{t("ops.payouts.amount")}</dt>
          <dd className="text-lg font-bold" data-testid="batch-total">
            <Price cents={batch.total.amount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t("ops.payouts.state")}</dt>
          <dd className="text-lg font-bold">{executed ? t("ops.payouts.executedOn", { date: formatDate(batch.executedAt!, locale, "medium") }) : t("ops.payouts.open")}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {batch.sepaUrl &&
          (recent ? (
            <a href={batch.sepaUrl} download className={`${opsButton.secondary} inline-flex items-center`}>
              {t("ops.payouts.downloadSepa")}
            </a>
          ) : (
            <Link to={`${SECOND_FACTOR_PATH}?${new URLSearchParams({ next: back })}`} className={`${opsButton.secondary} inline-flex items-center`}>
              {t("ops.payouts.confirmToDownload")}
            </Link>
          ))}
        {!executed && (
          <Form method="post" onSubmit={(event) => !window.confirm(t("ops.payouts.confirmExecuted")) && event.preventDefault()}>
            <button type="submit" name="intent" value="executed" disabled={busy} className={opsButton.primary}>
              {busy ? t("ops.payouts.saving") : t("ops.payouts.markExecuted")}
            </button>
          </Form>
        )}
      </div>
      {actionData && "problem" in actionData && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.problem}
        </p>
      )}
      {actionData && "done" in actionData && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          {t(`ops.payouts.done.${actionData.done}`)}
        </p>
      )}
      <div className="mt-6 space-y-4">
        <TableCard id="batch-transfers" heading={t("ops.payouts.bankTransfers")} testId="batch-transfers" minWidth="min-w-[40rem]" empty={t("ops.payouts.noTransfers")} columns={columns} rows={PayoutRows({ payouts: batch.bankTransfers, executed })} />
        <TableCard
          id="batch-refunds"
          heading={t("ops.payouts.refunds.inBatch")}
          testId="batch-refunds"
          minWidth="min-w-[36rem]"
          empty={t("ops.payouts.refunds.noneInBatch")}
          columns={[t("ops.payouts.refunds.order"), t("ops.payouts.refunds.customer"), t("ops.payouts.account"), t("ops.payouts.amount")]}
          rows={batch.refunds.map((r) => (
            <tr key={r.refundUuid}>
              <RefundTransferCells refund={r} />
            </tr>
          ))}
        />
        <TableCard id="batch-paypal" heading={t("ops.payouts.paypal")} testId="batch-paypal" minWidth="min-w-[40rem]" empty={t("ops.payouts.noPaypal")} columns={columns} rows={PayoutRows({ payouts: batch.paypal, executed })} />
      </div>
    </>
  );
}
