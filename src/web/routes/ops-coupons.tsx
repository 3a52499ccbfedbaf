import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import type { CouponListQuery, OpsBuyCoupon, OpsCoupon, OpsCouponCreateError, OpsCouponUpdateError, OpsSellCoupon } from "../../api/contract.ts";
import { COUPON_STATES, type CouponState } from "../../domain/catalogue/coupons.ts";
import { formatDate } from "../../domain/dates.ts";
import type { Locale } from "../../domain/i18n/locales.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { couponsApi } from "../api-client/coupons.ts";
import { Dialog } from "../components/dialog.tsx";
import { couponBodyOf, couponFieldOf, couponValuesFrom, couponValuesOf, type CouponField, type CouponFormValues, type CouponSide } from "../features/ops/coupon-form.ts";
import { CouponFields } from "../features/ops/coupon-fields.tsx";
import { opsButton, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-coupons";

await loadPageMessages();

const COUPONS_PATH = "/ops/coupons";
const sideOf = (value: string | null): CouponSide | null => (value === "buy" || value === "sell" ? value : null);
const stateOf = (value: string | null): CouponState | null => (COUPON_STATES as readonly string[]).includes(value ?? "") ? (value as CouponState) : null;

/** The page's address with these parameters, keeping the state filter. */
function pathWith(state: CouponState | null, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ ...(state ? { state } : {}), ...params }).toString();
  return search ? `${COUPONS_PATH}?${search}` : COUPONS_PATH;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const state = stateOf(url.searchParams.get("state"));
  try {
    const list = await couponsApi(storefront(context).api).coupons({ ...(state ? { state } : {}) } satisfies CouponListQuery);
    return {
      list,
      state,
      creating: sideOf(url.searchParams.get("new")),
      editing: url.searchParams.get("edit") ? { side: sideOf(url.searchParams.get("side")) ?? "buy", code: url.searchParams.get("edit")! } : null,
      saved: url.searchParams.get("saved"),
    };
  } catch (error) {
    // Staff without the support or admin role get the back-office's 403; anyone else no page at all.
    staffPageOn(error, url);
  }
}

/** A refused form: what was typed, and each field's problem (ops.coupons.problems) or the form's. */
type Refusal = { side: CouponSide; values: CouponFormValues; problems: { field: CouponField | null; problem: string }[] };

/** The API's refusal in the page's words: the field it names, with a problem of the page's texts. */
function problemsOf(side: CouponSide, error: { code: string | undefined; errors: { code: string; reference: string }[] }): Refusal["problems"] {
  if (error.code === "COUPON_EXISTS") return [{ field: "code", problem: "exists" }];
  if (error.code === "COUPON_NOT_FOUND") return [{ field: null, problem: "notFound" }];
  if (error.code === "ROLE_REQUIRED") return [{ field: null, problem: "notAllowed" }];
  const problems = error.errors.map((item) => ({ field: couponFieldOf(item.reference, side), problem: "invalid" }));
  return problems.length > 0 ? problems : [{ field: null, problem: "failed" }];
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const side = sideOf(String(form.get("side") ?? ""));
  const intent = String(form.get("intent") ?? "");
  if (!side || (intent !== "create" && intent !== "update")) throw data("Unknown form.", { status: 400 });
  const values = couponValuesOf(form, side);
  const api = couponsApi(storefront(context).api);
  try {
    const { code: _code, ...terms } = couponBodyOf(side, values);
    const saved = intent === "create" ? await api.create(couponBodyOf(side, values)) : await api.update(values.code ?? "", terms);
    return redirect(pathWith(stateOf(url.searchParams.get("state")), { saved: saved.code }), 303);
  } catch (error) {
    if (!isApiError<OpsCouponCreateError | OpsCouponUpdateError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    // No longer staff (the API's 404 for anyone else): as for the page itself.
    if (error.status === 404 && error.code !== "COUPON_NOT_FOUND") pageNotFoundOn(error);
    return data<Refusal>({ side, values, problems: problemsOf(side, error) }, { status: error.status });
  }
}

function validity(coupon: OpsCoupon, locale: Locale) {
  return (
    <span className="whitespace-nowrap">
      <time dateTime={coupon.validFrom}>{formatDate(coupon.validFrom, locale, "medium")}</time> – <time dateTime={coupon.validTo}>{formatDate(coupon.validTo, locale, "medium")}</time>
    </span>
  );
}

const STATE_BADGE: Record<CouponState, string> = {
  active: "border-green-700 bg-green-50 text-green-900",
  upcoming: "border-blue-accent bg-blue-50 text-blue-900",
  expired: "border-line bg-white text-muted",
};

/** One coupon's row: its code, terms, window, state, redemptions and the link to change it. */
function CouponRow({ coupon, terms, state }: { coupon: OpsCoupon; terms: string; state: CouponState | null }) {
  const { t, i18n } = useTranslation();
  return (
    <tr>
      <th scope="row" className={`${tableCell} text-left font-mono font-semibold`}>
        {coupon.code}
      </th>
      <td className={tableCell}>{terms}</td>
      <td className={tableCell}>{validity(coupon, i18n.language)}</td>
      <td className={tableCell}>
        <span className={`rounded border px-1.5 py-0.5 text-xs font-semibold ${STATE_BADGE[coupon.state]}`}>{t(`ops.coupons.states.${coupon.state}`)}</span>
      </td>
      <td className={`${tableCell} text-right tabular-nums`}>{coupon.redemptions}</td>
      <td className={`${tableCell} text-right`}>
        <Link
          to={pathWith(state, { edit: coupon.code, side: coupon.side })}
          preventScrollReset
          className="font-semibold text-blue-accent underline"
          aria-label={t("ops.coupons.editLabel", { code: coupon.code })}
        >
          {t("ops.coupons.edit")}
        </Link>
      </td>
    </tr>
  );
}

/** A buy coupon's terms in one line: the discount, the minimum, and its conditions. */
function buyTerms(coupon: OpsBuyCoupon, t: (key: string, values?: Record<string, unknown>) => string, locale: Locale): string {
  const parts = [coupon.kind === "percent" ? t("ops.coupons.terms.percent", { percent: coupon.percentOff }) : t("ops.coupons.terms.fixed", { amount: formatMoney(coupon.amountOff, locale) })];
  if (coupon.minOrderValue > 0) parts.push(t("ops.coupons.terms.minimum", { amount: formatMoney(coupon.minOrderValue, locale) }));
  if (coupon.oncePerCustomer) parts.push(t("ops.coupons.terms.oncePerCustomer"));
  if (coupon.singleItemOnly) parts.push(t("ops.coupons.terms.singleItemOnly"));
  return parts.join(" · ");
}
const sellTerms = (coupon: OpsSellCoupon, t: (key: string, values?: Record<string, unknown>) => string, locale: Locale) =>
  t("ops.coupons.terms.bonus", { percent: coupon.bonusPercent, cap: formatMoney(coupon.maxBonusCents, locale) });

/** The new coupon's or a coupon's form, in a dialog with its own URL (?new=, ?edit=), so it works before JavaScript runs. */
function CouponDialog({ side, coupon, refusal, state }: { side: CouponSide; coupon: OpsCoupon | null; refusal: Refusal | null; state: CouponState | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("side") === side;
  const here = coupon ? pathWith(state, { edit: coupon.code, side }) : pathWith(state, { new: side });
  const values = refusal?.side === side ? refusal.values : coupon ? couponValuesFrom(coupon) : {};
  const problems = refusal?.side === side ? refusal.problems : [];
  const errorOf = (field: CouponField) => {
    const problem = problems.find((p) => p.field === field);
    return problem && t(`ops.coupons.problems.${problem.problem === "exists" ? "exists" : field}`);
  };
  const general = problems.filter((p) => p.field === null);
  return (
    <Dialog
      open
      openOnServer
      onClose={() => navigate(pathWith(state), { preventScrollReset: true, replace: true })}
      title={coupon ? t("ops.coupons.form.editTitle", { code: coupon.code }) : t(`ops.coupons.form.newTitle.${side}`)}
      closeLabel={t("ops.coupons.form.close")}
      closeHref={pathWith(state)}
      width="lg"
      testId="coupon-dialog"
    >
      <Form method="post" action={here} className="mt-4 space-y-3" aria-busy={sending} noValidate>
        <input type="hidden" name="intent" value={coupon ? "update" : "create"} />
        <input type="hidden" name="side" value={side} />
        <CouponFields side={side} values={values} errorOf={errorOf} codeFixed={coupon !== null} />
        {general.length > 0 && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
            {general.map((p) => t(`ops.coupons.problems.${p.problem}`)).join(" ")}
          </p>
        )}
        <button type="submit" disabled={sending} className={opsButton.primary}>
          {sending ? t("ops.coupons.form.saving") : coupon ? t("ops.coupons.form.save") : t("ops.coupons.form.create")}
        </button>
      </Form>
    </Dialog>
  );
}

/** Support and admins: the coupons of both sides with their terms, window, state and redemptions; new ones and changes in a dialog. */
export default function OpsCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { list, state, creating, editing, saved } = loaderData;
  const refusal = actionData ?? null;
  const loading = navigation.state === "loading" && navigation.location.pathname === COUPONS_PATH;
  const edited = editing ? (list[editing.side] as OpsCoupon[]).find((c) => c.code === editing.code) ?? null : null;
  const columns = (side: CouponSide) => [
    t("ops.coupons.columns.code"),
    t(`ops.coupons.columns.terms.${side}`),
    t("ops.coupons.columns.validity"),
    t("ops.coupons.columns.state"),
    <span className="block text-right">{t("ops.coupons.columns.redemptions")}</span>,
    <span className="sr-only">{t("ops.coupons.columns.actions")}</span>,
  ];
  const empty = state ? t("ops.coupons.emptyState", { state: t(`ops.coupons.states.${state}`) }) : t("ops.coupons.empty");
  return (
    <>
      <OpsPageTitle title={t("ops.coupons.title")} intro={t("ops.coupons.intro")} />
      {saved && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t("ops.coupons.saved", { code: saved })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("ops.coupons.filter")} className="flex flex-wrap gap-1 text-sm">
          {[null, ...COUPON_STATES].map((s) => (
            <Link
              key={s ?? "all"}
              to={pathWith(s)}
              aria-current={s === state ? "page" : undefined}
              className="rounded-lg border border-line bg-white px-3 py-1.5 font-semibold aria-[current=page]:border-blue-accent aria-[current=page]:bg-blue-accent aria-[current=page]:text-white"
            >
              {s ? t(`ops.coupons.states.${s}`) : t("ops.coupons.all")}
            </Link>
          ))}
        </nav>
        <div className="flex flex-wrap gap-2">
          {(["buy", "sell"] as const).map((side) => (
            <Link key={side} to={pathWith(state, { new: side })} preventScrollReset className={`${opsButton.secondary} inline-flex items-center`}>
              {t(`ops.coupons.new.${side}`)}
            </Link>
          ))}
        </div>
      </div>
      <div className="mt-4 space-y-4" aria-busy={loading}>
        {(["buy", "sell"] as const).map((side) => (
          <TableCard
            key={side}
            id={`ops-${side}-coupons`}
            heading={t(`ops.coupons.${side}`)}
            columns={columns(side)}
            rows={(list[side] as OpsCoupon[]).map((c) => (
              <CouponRow key={c.code} coupon={c} terms={c.side === "buy" ? buyTerms(c, t, i18n.language) : sellTerms(c, t, i18n.language)} state={state} />
            ))}
            empty={empty}
            minWidth="min-w-[48rem]"
            testId={`${side}-coupons`}
          />
        ))}
      </div>
      {creating && <CouponDialog key={`new-${creating}`} side={creating} coupon={null} refusal={refusal} state={state} />}
      {editing && edited && <CouponDialog key={`edit-${edited.code}`} side={editing.side} coupon={edited} refusal={refusal} state={state} />}
    </>
  );
}
