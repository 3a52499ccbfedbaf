import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/my-sale";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { isApiError } from "../api-client/client.ts";
import type { PayoutAccountError } from "../../api/contract.ts";
import { TextField } from "../components/text-field.tsx";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn } from "../shell/route-errors.ts";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { Price } from "../components/price.tsx";
import { SellGradeName } from "../features/trade-in/sell-grade-name.tsx";
import { loadOwnSale } from "../features/account/own-sale.ts";
import { formatDate } from "../../domain/dates.ts";
import { counterofferHolds } from "../../domain/selling/sales.ts";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadOwnSale(params.saleUuid, url, context);
}

/** The seller's answer to a counteroffer, or the corrected account of a payout the bank sent back. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "payout-account") return correctPayoutAccount(params.saleUuid, form, context);
  const answer = form.get("answer");
  if (answer !== "accept" && answer !== "decline") throw data("Unknown answer.", { status: 400 });
  try {
    return { sale: await storefront(context).api.answerCounteroffer(params.saleUuid, answer === "accept"), problem: null };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    if (error.status === 404) pageNotFoundOn(error);
    return data({ sale: null, problem: "account.sale.counteroffer.gone" }, { status: 409 });
  }
}

async function correctPayoutAccount(saleUuid: string, form: FormData, context: Route.ActionArgs["context"]) {
  const account = { iban: String(form.get("iban") ?? "").trim(), holder: String(form.get("holder") ?? "").trim() };
  try {
    return { sale: await storefront(context).api.correctPayoutAccount(saleUuid, { payout: { method: "bank_transfer", ...account } }), problem: null, accountSaved: true };
  } catch (error) {
    if (!isApiError<PayoutAccountError>(error) || error.status >= 500) throw error;
    if (error.status === 404) pageNotFoundOn(error);
    const problem = error.code === "IBAN_NOT_SEPA" ? "sell.checkout.errors.ibanNotSepa" : error.code === "SALE_STATE_CHANGED" ? "account.sale.payoutReturned.gone" : "sell.checkout.errors.iban";
    return data({ sale: null, problem, account }, { status: error.status });
  }
}

/** Where the progress bar stands: the happy path, and returned as its own end. */
const PROGRESS = ["created", "parcel_received", "in_inspection", "offer_confirmed", "paid"] as const;

/** One sale: where it stands, its items and payout, the label, and an open counteroffer to answer. */
export default function MySale({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const sale = actionData?.sale ?? loaderData.sale;
  const busy = useNavigation().state !== "idle";
  /** What the seller typed for a returned payout's account, kept when it was refused. */
  const entered = actionData && "account" in actionData ? (actionData.account as { iban: string; holder: string }) : undefined;
  const reached = PROGRESS.indexOf(sale.status === "counteroffer" ? "in_inspection" : (sale.status as (typeof PROGRESS)[number]));
  return (
    <AccountFrame title={t("account.sale.title", { number: sale.number })}>
      <p className="mt-2 text-lg font-semibold" data-testid="sale-status">
        {t(`account.sales.status.${sale.status}`)}
      </p>
      {sale.status !== "returned" && (
        // On phones the steps stand one under the other: five labels side by side do not fit 390 px ("Paket eingegangen").
        <ol className="mt-3 grid gap-1 text-xs sm:grid-cols-5" aria-label={t("account.sale.progress")} data-testid="sale-progress">
          {PROGRESS.map((step, i) => (
            <li
              key={step}
              className={`min-w-0 border-l-4 pl-2 [overflow-wrap:anywhere] sm:border-l-0 sm:border-t-4 sm:pl-0 sm:pt-1 ${i <= reached ? "border-[var(--accent)] font-semibold" : "border-line text-muted"}`}
              aria-current={i === reached ? "step" : undefined}
            >
              {t(`account.sales.status.${step}`)}
            </li>
          ))}
        </ol>
      )}

      {sale.counteroffer && (
        <section className="mt-6 rounded-2xl border-2 border-amber-400 bg-amber-50 p-5" data-testid="counteroffer">
          <h2 className="text-lg font-bold">{t("account.sale.counteroffer.title")}</h2>
          <p className="mt-1">{t("account.sale.counteroffer.text", { date: formatDate(sale.counteroffer.deadline, locale) })}</p>
          <ul className="mt-3 space-y-2 text-sm">
            {sale.items
              .filter((item) => item.counteroffer)
              .map((item) => (
                <li key={item.uuid}>
                  <strong>{item.product.name}</strong>: <SellGradeName grade={item.grade} /> → <SellGradeName grade={item.counteroffer!.grade} />, <Price cents={item.price.amount} /> →{" "}
                  <Price cents={item.counteroffer!.price.amount} className="font-bold" />
                  <span className="block text-muted">{item.counteroffer!.reason}</span>
                </li>
              ))}
          </ul>
          <p className="mt-3 font-semibold">
            {t("account.sale.counteroffer.newPayout")} <Price cents={sale.counteroffer.payout.amount} />
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="answer" value="accept" />
              <button type="submit" disabled={busy} className="rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white">
                {t("account.sale.counteroffer.accept")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="answer" value="decline" />
              <button type="submit" disabled={busy} className="rounded-full border border-line bg-white px-5 py-2.5 font-semibold">
                {t("account.sale.counteroffer.decline")}
              </button>
            </Form>
          </div>
          <p className="mt-2 text-xs text-muted">{t("account.sale.counteroffer.declineHint")}</p>
        </section>
      )}
      {actionData?.problem && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {t(actionData.problem)}
        </p>
      )}

      <section className="mt-6 rounded-2xl border border-line p-5">
        <h2 className="font-bold">{t("account.sale.items")}</h2>
        <ul className="mt-2 divide-y divide-line">
          {sale.items.map((item) => {
            // The prices the payout below is made of: the counteroffer's once it holds (the open one is shown above).
            const final = counterofferHolds(sale.status) ? item.counteroffer : null;
            return (
              <li key={item.uuid} className="flex items-center gap-3 py-2 text-sm" data-testid="sale-item">
                {item.product.imageUrl && <img src={item.product.imageUrl} alt="" width={48} height={48} className="h-12 w-12 rounded-lg bg-canvas object-contain" />}
                <span className="flex-1">
                  {item.product.name}
                  <span className="block text-muted">
                    <SellGradeName grade={final?.grade ?? item.grade} />
                  </span>
                </span>
                <Price cents={final?.price.amount ?? item.price.amount} />
              </li>
            );
          })}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm" data-testid="sale-payout">
          <div className="flex justify-between font-bold">
            <dt>{t("greenCart.totals.payout")}</dt>
            <dd>
              <Price cents={sale.totals.payout.amount} />
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">{t("account.sale.payoutTo")}</dt>
            <dd>
              {t(`sell.checkout.payout.methods.${sale.payoutMethod}`)} · {sale.payoutAccount}
            </dd>
          </div>
        </dl>
        {sale.payoutStatus === "returned" && (
          <Form method="post" className="mt-4 space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="payout-returned" aria-busy={busy}>
            <h3 className="font-bold">{t("account.sale.payoutReturned.title")}</h3>
            <p className="text-sm">{t("account.sale.payoutReturned.text")}</p>
            <input type="hidden" name="intent" value="payout-account" />
            <TextField label={t("sell.checkout.payout.holder")} name="holder" autoComplete="name" required maxLength={70} defaultValue={entered?.holder} />
            <TextField
              label={t("sell.checkout.payout.iban")}
              name="iban"
              autoComplete="off"
              required
              spellCheck={false}
              defaultValue={entered?.iban}
              error={actionData?.problem && actionData.problem !== "account.sale.counteroffer.gone" ? t(actionData.problem) : undefined}
            />
            <button type="submit" disabled={busy} className="rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white disabled:opacity-60">
              {t("account.sale.payoutReturned.submit")}
            </button>
          </Form>
        )}
        {actionData && "accountSaved" in actionData && (
          <p role="status" className="mt-3 rounded-xl bg-green-50 px-3 py-2 text-sm text-green-900">
            {t("account.sale.payoutReturned.saved")}
          </p>
        )}
        {sale.status === "created" && (
          <a href={sale.labelUrl} target="_blank" rel="noreferrer" className="mt-4 inline-block rounded-full bg-[var(--accent)] px-5 py-2.5 font-semibold text-white">
            {t("sell.finish.label", { count: sale.parcels })}
          </a>
        )}
      </section>

      <section className="mt-6">
        <h2 className="font-bold">{t("account.sale.timeline")}</h2>
        <ol className="mt-2 space-y-1 border-l-2 border-line pl-4 text-sm">
          {sale.timeline.map((entry, i) => (
            <li key={i}>
              <span className="text-muted">{formatDate(entry.at, locale, "medium-time")}</span> · {t(`account.sale.events.${entry.event}`)}
            </li>
          ))}
        </ol>
      </section>
    </AccountFrame>
  );
}

