import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { OpsPriceOverrideDeleteError, OpsPriceOverrideSetError, OpsProductPrices, OpsPurchasePricesError } from "../../api/contract.ts";
import { GRADES, type Grade } from "../../domain/catalogue/grades.ts";
import { formatMoney } from "../../domain/money.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { SELL_GRADES, type SellGrade } from "../../domain/selling/grading.ts";
import { isApiError } from "../api-client/client.ts";
import { pricesApi } from "../api-client/prices.ts";
import { opsButton, opsInput, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { PriceCard, PricesSubpageTitle } from "../features/ops/price-ui.tsx";
import { overridePriceOf, productPricesPath, purchaseBodyOf, purchaseValuesOf, sharesLine, typedEuros, type PurchaseFormValues } from "../features/ops/price-form.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-price-product";

await loadPageMessages();

const idOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);
const gradeOf = (value: unknown): Grade | null => ((GRADES as readonly unknown[]).includes(value) ? (value as Grade) : null);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const productId = idOf(params.productId);
  if (!productId) throw data(null, { status: 404 });
  try {
    return { prices: await pricesApi(storefront(context).api).product(productId), saved: url.searchParams.get("saved") };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** A refused form: which one, what was typed, and the problem of each field (ops.prices.product.problems). */
type Refusal =
  | { form: "override"; grade: Grade; price: string; problem: "price" | "confirm" | "failed" | "notAllowed" }
  | { form: "purchase"; values: PurchaseFormValues; problems: { grade: SellGrade | null; problem: "purchasePrice" | "order" | "failed" | "notAllowed" }[] };

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const productId = idOf(params.productId);
  if (!productId) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const api = pricesApi(storefront(context).api);
  const done = (what: string) => redirect(`${productPricesPath(productId)}?saved=${what}`, 303);
  const refused = (error: unknown) => {
    if (!isApiError<OpsPriceOverrideSetError | OpsPriceOverrideDeleteError | OpsPurchasePricesError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404 && error.code !== "PRICE_OVERRIDE_NOT_FOUND" && error.code !== "PRODUCT_VARIANT_DOESNT_EXIST") pageNotFoundOn(error);
    return error;
  };
  if (intent === "override" || intent === "release") {
    const grade = gradeOf(form.get("grade"));
    if (!grade) throw data("Unknown grade.", { status: 400 });
    const typed = String(form.get("price") ?? "");
    try {
      if (intent === "release") {
        await api.removeOverride(productId, grade);
        return done("released");
      }
      const price = overridePriceOf(typed);
      if (price === null) return data<Refusal>({ form: "override", grade, price: typed, problem: "price" }, { status: 400 });
      await api.setOverride(productId, grade, { price, confirmBelowPurchasePrice: form.get("confirmBelowPurchasePrice") === "on" });
      return done("override");
    } catch (error) {
      const e = refused(error);
      const problem = e.code === "PRICE_BELOW_PURCHASE_PRICE" ? "confirm" : e.code === "ROLE_REQUIRED" ? "notAllowed" : e.code === "VALIDATION_FAILED" ? "price" : "failed";
      return data<Refusal>({ form: "override", grade, price: typed, problem }, { status: e.status });
    }
  }
  if (intent !== "purchase") throw data("Unknown form.", { status: 400 });
  const values = purchaseValuesOf(form);
  const { body, unreadable } = purchaseBodyOf(values);
  if (unreadable.length > 0) return data<Refusal>({ form: "purchase", values, problems: unreadable.map((grade) => ({ grade, problem: "purchasePrice" as const })) }, { status: 400 });
  try {
    await api.setPurchasePrices(productId, body);
    return done("purchase");
  } catch (error) {
    const e = refused(error);
    const problems = e.errors.map((item) => {
      const grade = /^body\.prices\.(\w+)$/.exec(item.reference)?.[1];
      const known = (SELL_GRADES as readonly string[]).includes(grade ?? "") ? (grade as SellGrade) : null;
      return { grade: known, problem: item.code === "PURCHASE_PRICES_OUT_OF_ORDER" ? ("order" as const) : item.code === "ROLE_REQUIRED" ? ("notAllowed" as const) : known ? ("purchasePrice" as const) : ("failed" as const) };
    });
    return data<Refusal>({ form: "purchase", values, problems }, { status: e.status });
  }
}

type GradeRow = OpsProductPrices["grades"][number];

/** One grade's row: its price and whether staff set it, its units in stock and what they cost, the margin, and the form to set the price by hand. */
function GradeRowView({ row, refusal }: { row: GradeRow; refusal: Extract<Refusal, { form: "override" }> | null }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("grade") === row.grade;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const errorId = useId();
  const mine = refusal?.grade === row.grade ? refusal : null;
  const highest = row.purchasePrice?.highest.amount;
  return (
    <tr data-testid={`grade-${row.grade}`}>
      <th scope="row" className={`${tableCell} text-left`}>
        {row.grade}
      </th>
      <td className={`${tableCell} text-right tabular-nums`}>
        <span className="font-semibold">{money(row.price.amount)}</span>
        <span className="block text-xs text-muted">{row.override ? t("ops.prices.product.byHand") : t("ops.prices.product.byRules")}</span>
      </td>
      <td className={`${tableCell} text-right tabular-nums`}>{row.inStock}</td>
      <td className={`${tableCell} text-right tabular-nums`}>
        {row.purchasePrice ? (row.purchasePrice.lowest.amount === highest ? money(highest!) : `${money(row.purchasePrice.lowest.amount)} – ${money(highest!)}`) : <span className="text-muted">–</span>}
      </td>
      <td className={`${tableCell} text-right tabular-nums ${row.margin && row.margin.amount < 0 ? "font-semibold text-red-700" : ""}`}>{row.margin ? money(row.margin.amount) : <span className="text-muted">–</span>}</td>
      <td className={tableCell}>
        <Form method="post" className="flex flex-wrap items-start gap-2" aria-busy={sending} noValidate>
          <input type="hidden" name="grade" value={row.grade} />
          <label className="w-28 text-xs font-semibold">
            {t("ops.prices.product.newPrice", { grade: row.grade })}
            <input
              name="price"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={mine?.price ?? typedEuros(row.price.amount, i18n.language)}
              aria-invalid={mine?.problem === "price" ? true : undefined}
              aria-describedby={mine ? errorId : undefined}
              className={opsInput}
              data-testid={`override-${row.grade}`}
            />
          </label>
          {highest !== undefined && (
            <label className="mt-5 flex items-center gap-1 text-xs">
              <input type="checkbox" name="confirmBelowPurchasePrice" className="h-4 w-4" aria-invalid={mine?.problem === "confirm" ? true : undefined} />
              {t("ops.prices.product.confirmBelow", { price: money(highest) })}
            </label>
          )}
          <button type="submit" name="intent" value="override" disabled={sending} className={`${opsButton.secondary} mt-4`}>
            {t("ops.prices.product.set")}
          </button>
          {row.override && (
            <button type="submit" name="intent" value="release" disabled={sending} className={`${opsButton.secondary} mt-4`}>
              {t("ops.prices.product.release")}
            </button>
          )}
          {mine && (
            <p id={errorId} className="w-full text-sm text-red-700">
              {t(`ops.prices.product.problems.${mine.problem}`)}
            </p>
          )}
        </Form>
      </td>
    </tr>
  );
}

/** The trade-in purchase prices per grade: typed ones are staff's, empty ones the grade's share of the best-grade price (shown as placeholder). */
function PurchasePrices({ prices, refusal }: { prices: OpsProductPrices; refusal: Extract<Refusal, { form: "purchase" }> | null }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "purchase";
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const general = refusal?.problems.filter((p) => p.grade === null) ?? [];
  return (
    <PriceCard id="purchase-prices" heading={t("ops.prices.product.purchaseHeading")}>
      <p className="text-sm text-muted">{t("ops.prices.product.purchaseIntro", { price: money(prices.product.pricePurchase.amount) })}</p>
      <Form method="post" className="mt-3 space-y-3" aria-busy={sending} noValidate>
        <input type="hidden" name="intent" value="purchase" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {prices.purchasePrices.map((p) => {
            const problem = refusal?.problems.find((x) => x.grade === p.grade);
            const typed = refusal ? refusal.values[p.grade] : p.set ? typedEuros(p.price.amount, i18n.language) : "";
            return (
              <label key={p.grade} className="text-sm font-semibold">
                {p.grade}
                <input
                  name={`purchase.${p.grade}`}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={typed ?? ""}
                  placeholder={typedEuros(p.computed.amount, i18n.language)}
                  aria-invalid={problem ? true : undefined}
                  className={opsInput}
                  data-testid={`purchase-${p.grade}`}
                />
                <span className="block text-xs font-normal text-muted">{p.set ? t("ops.prices.product.computed", { price: money(p.computed.amount) }) : t("ops.prices.product.share")}</span>
                {problem && <span className="block text-xs font-normal text-red-700">{t(`ops.prices.product.problems.${problem.problem}`)}</span>}
              </label>
            );
          })}
        </div>
        {general.length > 0 && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
            {general.map((p) => t(`ops.prices.product.problems.${p.problem}`)).join(" ")}
          </p>
        )}
        <button type="submit" disabled={sending} className={opsButton.primary}>
          {t("ops.prices.product.savePurchase")}
        </button>
      </Form>
    </PriceCard>
  );
}

/** One product's prices: sale price per grade with cost and margin, set by hand or by the rules; the rules that cover it; what the shop pays sellers per grade. */
export default function OpsPriceProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { prices, saved } = loaderData;
  const { product } = prices;
  const refusal = actionData ?? null;
  const loading = navigation.state === "loading" && navigation.location.pathname === productPricesPath(product.id);
  return (
    <>
      <PricesSubpageTitle title={t("ops.prices.product.title", { name: product.name })} intro={t("ops.prices.product.intro", { price: formatMoney(product.bluePrice.amount, i18n.language), id: product.id })} />
      <p className="mt-1 text-sm">
        <a href={productHref(product.id, product.slug)} className="font-semibold text-blue-accent underline">
          {t("ops.prices.product.storefront")}
        </a>
      </p>
      {saved && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t(`ops.prices.product.saved.${saved === "override" || saved === "released" || saved === "purchase" ? saved : "purchase"}`)}
        </p>
      )}
      <div className={`mt-4 space-y-4 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
        <TableCard
          id="sale-prices"
          heading={t("ops.prices.product.saleHeading")}
          columns={[
            t("ops.prices.columns.grade"),
            <span className="block text-right">{t("ops.prices.product.columns.price")}</span>,
            <span className="block text-right">{t("ops.prices.product.columns.inStock")}</span>,
            <span className="block text-right">{t("ops.prices.product.columns.purchasePrice")}</span>,
            <span className="block text-right">{t("ops.prices.product.columns.margin")}</span>,
            t("ops.prices.product.columns.byHand"),
          ]}
          rows={prices.grades.map((row) => (
            <GradeRowView key={`${row.grade}-${row.price.amount}`} row={row} refusal={refusal?.form === "override" ? refusal : null} />
          ))}
          empty={t("ops.prices.product.noGrades")}
          minWidth="min-w-[56rem]"
          testId="sale-prices"
        />
        <PriceCard id="covering-rules" heading={t("ops.prices.product.rulesHeading")}>
          {prices.rules.length === 0 ? (
            <p className="text-sm text-muted">{t("ops.prices.product.noRules")}</p>
          ) : (
            <ul className="mt-1 text-sm">
              {prices.rules.map((rule) => (
                <li key={rule.id}>
                  <span className="font-semibold">{rule.name}</span>: {sharesLine(rule.shares)}
                </li>
              ))}
            </ul>
          )}
        </PriceCard>
        <PurchasePrices key={JSON.stringify(prices.purchasePrices)} prices={prices} refusal={refusal?.form === "purchase" ? refusal : null} />
      </div>
    </>
  );
}
