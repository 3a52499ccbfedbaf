import { useId } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { OpsPriceRuleApplyError, OpsPriceRulePreview } from "../../api/contract.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { pricesApi } from "../api-client/prices.ts";
import { opsButton, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { PricesSubpageTitle } from "../features/ops/price-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { priceRulePath, PRICES_PATH, productPricesPath, sharesLine } from "../features/ops/price-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-price-rule";

await loadPageMessages();

const idOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const ruleId = idOf(params.ruleId);
  if (!ruleId) throw data(null, { status: 404 });
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const api = pricesApi(storefront(context).api);
  try {
    return { preview: await api.preview(ruleId, { page }), rule: null };
  } catch (error) {
    // A rule too broad for one apply: the page says so and offers to narrow it.
    if (isApiError<OpsPriceRuleApplyError>(error, 409) && error.code === "PRICE_RULE_TOO_BROAD") return { preview: null, rule: await api.rule(ruleId).catch((e: unknown) => staffPageOn(e, url)) };
    staffPageOn(error, url);
  }
}

/** Why an apply was refused, in the page's words (ops.prices.apply.problems). */
type Refusal = { problem: "outdated" | "confirm" | "tooBroad" | "notAllowed" | "failed" };

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const ruleId = idOf(params.ruleId);
  if (!ruleId) throw data(null, { status: 404 });
  const form = await readForm(request);
  const fingerprint = String(form.get("fingerprint") ?? "");
  try {
    const applied = await pricesApi(storefront(context).api).apply(ruleId, { fingerprint, confirmBelowPurchasePrice: form.get("confirmBelowPurchasePrice") === "on" });
    const done = new URLSearchParams({ applied: String(form.get("name") ?? ""), changed: String(applied.changed), ...(applied.replayed ? { replayed: "1" } : {}) });
    return redirect(`${PRICES_PATH}?${done}`, 303);
  } catch (error) {
    if (!isApiError<OpsPriceRuleApplyError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404) pageNotFoundOn(error);
    const problem: Refusal["problem"] =
      error.code === "PRICE_PREVIEW_OUTDATED" ? "outdated" : error.code === "PRICE_BELOW_PURCHASE_PRICE" ? "confirm" : error.code === "PRICE_RULE_TOO_BROAD" ? "tooBroad" : error.code === "ROLE_REQUIRED" ? "notAllowed" : "failed";
    return data<Refusal>({ problem }, { status: error.status });
  }
}

const COUNTS = ["changed", "raised", "lowered", "floorApplied", "belowPurchasePrice", "overridden", "unchanged"] as const;

/** The preview's figures for the whole rule, as a list of terms. */
function Counts({ counts }: { counts: OpsPriceRulePreview["counts"] }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" data-testid="preview-counts">
      {COUNTS.map((key) => (
        <div key={key} className={`rounded-xl border bg-white p-3 ${key === "belowPurchasePrice" && counts[key] > 0 ? "border-amber-400 bg-amber-50" : "border-line"}`}>
          <dt className="text-xs font-semibold text-muted">{t(`ops.prices.counts.${key}`)}</dt>
          <dd className="text-xl font-extrabold tabular-nums" data-testid={`count-${key}`}>
            {counts[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The apply: the preview's fingerprint, and the confirmation a price below the purchase price needs. */
function ApplyForm({ preview, refusal }: { preview: OpsPriceRulePreview; refusal: Refusal | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const confirmError = useId();
  const below = preview.counts.belowPurchasePrice;
  if (preview.counts.changed === 0) return <p className="mt-4 rounded-lg bg-green-50 p-2 text-sm text-green-900">{t("ops.prices.apply.nothing")}</p>;
  return (
    <Form method="post" className="mt-4 space-y-3 rounded-xl border border-line bg-white p-3" aria-busy={sending} noValidate>
      <input type="hidden" name="fingerprint" value={preview.fingerprint} />
      <input type="hidden" name="name" value={preview.rule.name} />
      {below > 0 && (
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="confirmBelowPurchasePrice"
              className="mt-0.5 h-4 w-4 shrink-0"
              aria-invalid={refusal?.problem === "confirm" ? true : undefined}
              aria-describedby={refusal?.problem === "confirm" ? confirmError : undefined}
              data-testid="confirm-below-purchase"
            />
            {t("ops.prices.apply.confirm", { count: below })}
          </label>
          {refusal?.problem === "confirm" && (
            <p id={confirmError} className="mt-1 text-sm text-red-700">
              {t("ops.prices.apply.problems.confirm")}
            </p>
          )}
        </div>
      )}
      {refusal && refusal.problem !== "confirm" && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {t(`ops.prices.apply.problems.${refusal.problem}`)}
        </p>
      )}
      <button type="submit" disabled={sending} className={opsButton.primary} data-testid="apply-price-rule">
        {sending ? t("ops.prices.apply.applying") : t("ops.prices.apply.submit", { count: preview.counts.changed })}
      </button>
    </Form>
  );
}

/** A rule's preview: what applying it now changes, with the counts of the whole and a page of the prices; then the apply. */
export default function OpsPriceRule({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const { preview } = loaderData;
  const rule = preview?.rule ?? loaderData.rule!;
  const loading = navigation.state === "loading" && navigation.location.pathname === priceRulePath(rule.id);
  const scope = rule.categoryName ?? t("ops.prices.allProducts");
  return (
    <>
      <PricesSubpageTitle title={t("ops.prices.previewTitle", { name: rule.name })} intro={t("ops.prices.previewIntro", { scope, shares: sharesLine(rule.shares) })} />
      {!preview ? (
        <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          {t("ops.prices.apply.problems.tooBroad")}{" "}
          <Link to={`${PRICES_PATH}?edit=${rule.id}`} className="font-semibold underline">
            {t("ops.prices.edit")}
          </Link>
        </p>
      ) : (
        <div className={`transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          <Counts counts={preview.counts} />
          <ApplyForm key={preview.fingerprint} preview={preview} refusal={actionData ?? null} />
          <div className="mt-4">
            <TableCard
              id="ops-price-changes"
              heading={t("ops.prices.changes", { count: preview.total })}
              columns={[
                t("ops.prices.columns.product"),
                t("ops.prices.columns.grade"),
                <span className="block text-right">{t("ops.prices.columns.oldPrice")}</span>,
                <span className="block text-right">{t("ops.prices.columns.newPrice")}</span>,
                <span className="block text-right">{t("ops.prices.columns.purchasePrice")}</span>,
                t("ops.prices.columns.note"),
              ]}
              rows={preview.items.map((c) => (
                <tr key={`${c.productId}/${c.grade}`} className={c.belowPurchasePrice ? "bg-amber-50" : undefined}>
                  <th scope="row" className={`${tableCell} text-left font-normal`}>
                    <Link to={productPricesPath(c.productId)} className="text-blue-accent underline">
                      {c.productName}
                    </Link>
                    <span className="block text-xs text-muted">#{c.productId}</span>
                  </th>
                  <td className={tableCell}>{c.grade}</td>
                  <td className={`${tableCell} text-right tabular-nums`}>{money(c.oldPrice.amount)}</td>
                  <td className={`${tableCell} text-right font-semibold tabular-nums`}>{money(c.newPrice.amount)}</td>
                  <td className={`${tableCell} text-right tabular-nums`}>{c.purchasePrice ? money(c.purchasePrice.amount) : <span className="text-muted">{t("ops.prices.noneInStock")}</span>}</td>
                  <td className={tableCell}>
                    {c.belowPurchasePrice && <span className="font-semibold text-amber-900">{t("ops.prices.belowPurchasePrice")}</span>}
                    {c.floorApplied && <span className="block text-xs">{t("ops.prices.floorApplied", { target: money(c.target.amount) })}</span>}
                  </td>
                </tr>
              ))}
              empty={t("ops.prices.noChanges")}
              minWidth="min-w-[48rem]"
              testId="price-changes"
            />
            <Pager page={preview.page} pageSize={preview.pageSize} total={preview.total} pathOf={(page) => `${priceRulePath(rule.id)}?page=${page}`} />
          </div>
        </div>
      )}
    </>
  );
}
