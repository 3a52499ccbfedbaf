import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import type { OpsPriceRule, OpsPriceRuleSaveError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { pricesApi } from "../api-client/prices.ts";
import { Dialog } from "../components/dialog.tsx";
import { opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { Pager } from "../features/ops/pager.tsx";
import { priceRulePath, PRICES_PATH, productPricesPath, ruleBodyOf, ruleFieldOf, ruleValuesFrom, ruleValuesOf, sharesLine, type RuleField, type RuleFormValues } from "../features/ops/price-form.ts";
import { categoryOptions, PriceCard, PriceRuleFields } from "../features/ops/price-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-prices";

await loadPageMessages();

const pageOf = (value: string | null) => (value && /^\d{1,4}$/.test(value) && Number(value) > 0 ? Number(value) : 1);

export async function loader({ url, context }: Route.LoaderArgs) {
  const { api, locale } = storefront(context);
  const q = url.searchParams.get("q")?.trim() || null;
  const editing = Number(url.searchParams.get("edit")) || null;
  const creating = url.searchParams.get("new") === "1";
  try {
    const prices = pricesApi(api);
    const [list, products] = await Promise.all([prices.rules(), q ? prices.products({ q, page: pageOf(url.searchParams.get("page")) }) : null]);
    // The category tree only for the rule form.
    const categories = creating || editing ? categoryOptions((await api.navigation(locale)).categories) : [];
    return { rules: list.rules, products, q, creating, editing, categories, notice: noticeOf(url.searchParams) };
  } catch (error) {
    // Staff without the finance or admin role get the back-office's 403; anyone else no page at all.
    staffPageOn(error, url);
  }
}

/** What the page says after a change: saved, deleted, or applied with its counts. */
function noticeOf(params: URLSearchParams): { key: string; values: Record<string, string> } | null {
  for (const key of ["saved", "deleted"] as const) if (params.get(key)) return { key, values: { name: params.get(key)! } };
  if (params.get("applied")) return { key: params.get("replayed") === "1" ? "appliedBefore" : "applied", values: { name: params.get("applied")!, count: params.get("changed") ?? "0" } };
  return null;
}

/** A refused form: what was typed, and each field's problem (ops.prices.problems) or the form's. */
type Refusal = { values: RuleFormValues; problems: { field: RuleField | null; problem: string }[] };

function problemsOf(error: { code: string | undefined; errors: { code: string; reference: string }[] }): Refusal["problems"] {
  if (error.code === "CATEGORY_DOESNT_EXIST") return [{ field: "categoryId", problem: "categoryId" }];
  if (error.code === "PRICE_RULE_NOT_FOUND") return [{ field: null, problem: "notFound" }];
  if (error.code === "ROLE_REQUIRED") return [{ field: null, problem: "notAllowed" }];
  const problems = error.errors.map((item) => {
    const field = ruleFieldOf(item.reference);
    return { field, problem: field?.startsWith("share.") ? "share" : (field ?? "shares") };
  });
  return problems.length > 0 ? problems : [{ field: null, problem: "failed" }];
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const ruleId = Number(form.get("ruleId")) || null;
  const api = pricesApi(storefront(context).api);
  const values = ruleValuesOf(form);
  try {
    if (intent === "delete" && ruleId) {
      await api.deleteRule(ruleId);
      return redirect(`${PRICES_PATH}?${new URLSearchParams({ deleted: values.name ?? "" })}`, 303);
    }
    if (intent !== "create" && !(intent === "update" && ruleId)) throw data("Unknown form.", { status: 400 });
    const saved = intent === "create" ? await api.createRule(ruleBodyOf(values)) : await api.updateRule(ruleId!, ruleBodyOf(values));
    // A new rule goes on to its preview; a changed one back to the list.
    return redirect(intent === "create" ? priceRulePath(saved.id) : `${PRICES_PATH}?${new URLSearchParams({ saved: saved.name })}`, 303);
  } catch (error) {
    if (!isApiError<OpsPriceRuleSaveError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404 && error.code !== "PRICE_RULE_NOT_FOUND") pageNotFoundOn(error);
    return data<Refusal>({ values, problems: problemsOf(error) }, { status: error.status });
  }
}

/** The new rule's or a rule's form, in a dialog with its own URL (?new=1, ?edit=), so it works before JavaScript runs. */
function RuleDialog({ rule, refusal, categories }: { rule: OpsPriceRule | null; refusal: Refusal | null; categories: { id: number; label: string }[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const here = rule ? `${PRICES_PATH}?edit=${rule.id}` : `${PRICES_PATH}?new=1`;
  const values = refusal?.values ?? (rule ? ruleValuesFrom(rule) : {});
  const problems = refusal?.problems ?? [];
  const errorOf = (field: RuleField) => {
    const problem = problems.find((p) => p.field === field);
    return problem && t(`ops.prices.problems.${problem.problem}`);
  };
  const general = problems.filter((p) => p.field === null);
  return (
    <Dialog
      open
      openOnServer
      onClose={() => navigate(PRICES_PATH, { preventScrollReset: true, replace: true })}
      title={rule ? t("ops.prices.form.editTitle", { name: rule.name }) : t("ops.prices.form.newTitle")}
      closeLabel={t("ops.prices.form.close")}
      closeHref={PRICES_PATH}
      width="lg"
      testId="price-rule-dialog"
    >
      <Form method="post" action={here} className="mt-4 space-y-3" aria-busy={sending} noValidate>
        <input type="hidden" name="intent" value={rule ? "update" : "create"} />
        {rule && <input type="hidden" name="ruleId" value={rule.id} />}
        <PriceRuleFields values={values} errorOf={errorOf} categories={categories} />
        {general.length > 0 && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
            {general.map((p) => t(`ops.prices.problems.${p.problem}`)).join(" ")}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <button type="submit" disabled={sending} className={opsButton.primary}>
            {sending ? t("ops.prices.form.saving") : rule ? t("ops.prices.form.save") : t("ops.prices.form.create")}
          </button>
          {rule && (
            <button type="submit" name="intent" value="delete" disabled={sending} className={opsButton.secondary}>
              {t("ops.prices.form.delete")}
            </button>
          )}
        </div>
      </Form>
    </Dialog>
  );
}

/** Finance and admins: the sale price rules with their last apply, products to price by hand, and the rule form in a dialog. */
export default function OpsPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { rules, products, q, creating, editing, categories, notice } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === PRICES_PATH;
  const edited = editing ? (rules.find((r) => r.id === editing) ?? null) : null;
  const columns = [
    t("ops.prices.columns.name"),
    t("ops.prices.columns.scope"),
    t("ops.prices.columns.shares"),
    <span className="block text-right">{t("ops.prices.columns.minMargin")}</span>,
    t("ops.prices.columns.lastApplied"),
    <span className="sr-only">{t("ops.prices.columns.actions")}</span>,
  ];
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <OpsPageTitle title={t("ops.prices.title")} intro={t("ops.prices.intro")} />
        </div>
        <Link to={`${PRICES_PATH}?new=1`} preventScrollReset className={`${opsButton.primary} inline-flex items-center`} data-testid="new-price-rule">
          {t("ops.prices.new")}
        </Link>
      </div>
      {notice && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t(`ops.prices.notices.${notice.key}`, notice.values)}
        </p>
      )}
      <div className={`mt-4 space-y-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="ops-price-rules"
          heading={t("ops.prices.rules")}
          columns={columns}
          rows={rules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row" className={`${tableCell} text-left font-semibold`}>
                {rule.name}
              </th>
              <td className={tableCell}>{rule.categoryName ?? t("ops.prices.allProducts")}</td>
              <td className={`${tableCell} whitespace-nowrap`}>{sharesLine(rule.shares)}</td>
              <td className={`${tableCell} text-right tabular-nums`}>{rule.minMarginCents === null ? t("ops.prices.noFloor") : formatMoney(rule.minMarginCents, i18n.language)}</td>
              <td className={tableCell}>
                {rule.lastApplied ? (
                  <>
                    <time dateTime={rule.lastApplied.at}>{formatDate(rule.lastApplied.at, i18n.language, "medium")}</time>
                    <span className="block text-xs text-muted">{t("ops.prices.changedCount", { count: rule.lastApplied.changed })}</span>
                  </>
                ) : (
                  <span className="text-muted">{t("ops.prices.neverApplied")}</span>
                )}
              </td>
              <td className={`${tableCell} whitespace-nowrap text-right`}>
                <Link to={priceRulePath(rule.id)} className="font-semibold text-blue-accent underline" aria-label={t("ops.prices.previewLabel", { name: rule.name })}>
                  {t("ops.prices.preview")}
                </Link>{" "}
                ·{" "}
                <Link to={`${PRICES_PATH}?edit=${rule.id}`} preventScrollReset className="font-semibold text-blue-accent underline" aria-label={t("ops.prices.editLabel", { name: rule.name })}>
                  {t("ops.prices.edit")}
                </Link>
              </td>
            </tr>
          ))}
          empty={t("ops.prices.empty")}
          minWidth="min-w-[52rem]"
          testId="price-rules"
        />
        <PriceCard id="ops-price-products" heading={t("ops.prices.products.heading")}>
          <p className="text-sm text-muted">{t("ops.prices.products.intro")}</p>
          <Form method="get" action={PRICES_PATH} role="search" className="mt-2 flex flex-wrap items-end gap-2">
            <label className="min-w-[16rem] flex-1 text-sm font-semibold">
              {t("ops.prices.products.search")}
              <input name="q" type="search" defaultValue={q ?? ""} maxLength={100} autoComplete="off" className={opsInput} data-testid="price-product-search" />
            </label>
            <button type="submit" className={opsButton.secondary}>
              {t("ops.prices.products.submit")}
            </button>
          </Form>
          {products &&
            (products.items.length === 0 ? (
              <p className="mt-3 text-sm text-muted">{t("ops.prices.products.none", { q })}</p>
            ) : (
              <>
                <ul className="mt-3 divide-y divide-line text-sm" data-testid="price-products">
                  {products.items.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                      <Link to={productPricesPath(p.id)} className="font-semibold text-blue-accent underline">
                        {p.name}
                      </Link>
                      <span className="text-muted">
                        #{p.id} · {p.priceMin ? t("ops.prices.products.from", { price: formatMoney(p.priceMin.amount, i18n.language) }) : t("ops.prices.products.soldOut")}
                        {p.overrides > 0 && ` · ${t("ops.prices.products.overrides", { count: p.overrides })}`}
                      </span>
                    </li>
                  ))}
                </ul>
                <Pager page={products.page} pageSize={products.pageSize} total={products.total} pathOf={(page) => `${PRICES_PATH}?${new URLSearchParams({ q: q ?? "", page: String(page) })}`} />
              </>
            ))}
        </PriceCard>
      </div>
      {creating && <RuleDialog key="new" rule={null} refusal={actionData ?? null} categories={categories} />}
      {edited && <RuleDialog key={`edit-${edited.id}`} rule={edited} refusal={actionData ?? null} categories={categories} />}
    </>
  );
}
