import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/buy-alerts";
import { EmptyState } from "../components/empty-state.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { isApiError } from "../api-client/client.ts";
import { readForm, sameSiteReferer } from "../shell/forms.ts";
import { redirectWithFlash, serializeFlashCookie } from "../shell/cookies.ts";
import type { FlashBag } from "../shell/toasts/flashbag.ts";
import type { BuyAlertAnswer } from "../features/product/alert-grades-modal.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { loginFor } from "../features/account/pending-action.ts";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { Price } from "../components/price.tsx";
import { formatDate } from "../../domain/dates.ts";
import { resolveLocale } from "../../domain/i18n/locales.ts";
import { productHref } from "../../domain/routing/paths.ts";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { GRADES, URL_SELECTABLE_GRADES, type Grade } from "../../domain/catalogue/grades.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireCustomer(url, context);
  return { view: await storefront(context).api.buyAlerts(), unsubscribed: url.searchParams.has("unsubscribed"), changed: url.searchParams.get("changed") };
}

function gradesOf(form: FormData): Grade[] | null {
  const grades = form.getAll("variants").filter((g): g is Grade => (GRADES as readonly unknown[]).includes(g));
  return grades.length > 0 ? grades : null;
}

/**
 * Adds, changes or ends an alert, from the product page or this one; a visitor logs in first and it
 * happens then. The product page's dialog sends respond=data: it gets the answer and stays, the
 * toast still comes through the flash.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const productId = Number(form.get("productId"));
  if (!Number.isInteger(productId) || productId <= 0) throw data("Which product?", { status: 400 });
  const intent = String(form.get("intent") ?? "add");
  const variants = gradesOf(form);
  const inPlace = form.get("respond") === "data";
  const back = intent === "add" ? (safeRedirectTarget(sameSiteReferer(request), "/buy-alerts")) : "/buy-alerts";
  const answer = (target: string, flash: FlashBag, result: BuyAlertAnswer) =>
    inPlace ? data(result, { headers: { "Set-Cookie": serializeFlashCookie(flash) } }) : redirectWithFlash(target, [], flash);
  const done = { ok: true, intent: intent === "remove" ? "remove" : intent === "change" ? "change" : "add", variants } as const;
  try {
    if (intent === "remove") {
      await storefront(context).api.buyAlertDelete(productId);
      return answer(back, { success: ["blue.buyAlert.flash.removed"] }, done);
    }
    await storefront(context).api.buyAlertPut(productId, variants);
    // After adding with grades the customer can change them at once: the dialog, or without it the list, opens that alert's grades.
    const target = intent === "add" && variants ? `/buy-alerts?changed=${productId}` : back;
    return answer(target, { success: [variants ? "blue.buyAlert.flash.addedVariants" : "blue.buyAlert.flash.addedProduct"] }, done);
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(loginFor({ kind: "alert", productId, variants }, back), 303);
    if (!isApiError(error) || error.status >= 500) throw error;
    return answer(back, { danger: ["blue.buyAlert.flash.error.default"] }, { ok: false });
  }
}

/** The buy alerts, a page of the account (with its navigation): what the customer waits for, in which grades, and what has come back. */
export default function BuyAlerts({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const { view, unsubscribed, changed } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <AccountFrame title={t("buyAlerts.title")}>
      <p className="mt-1 text-muted">{t("buyAlerts.intro")}</p>
      {unsubscribed && <p className="mt-3 rounded-xl bg-canvas p-3 text-sm">{t("buyAlerts.unsubscribed")}</p>}
      {view.alerts.length === 0 ? (
        <EmptyState title={t("buyAlerts.empty.title")} text={t("buyAlerts.empty.text")} action={{ to: "/", label: t("buyAlerts.empty.action") }} />
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-2xl border border-line" data-testid="buy-alerts" aria-busy={busy}>
          {view.alerts.map((alert) => (
            <li key={alert.uuid} className="flex flex-wrap gap-4 p-4" data-testid="buy-alert">
              {alert.product.imageUrl && <img src={alert.product.imageUrl} alt="" width={72} height={72} className="h-18 w-18 rounded-xl bg-canvas object-contain" />}
              <div className="min-w-0 flex-1">
                <Link to={productHref(alert.product.id, alert.product.slug)} className="font-semibold hover:underline">
                  {alert.product.name}
                </Link>
                <p className="text-sm text-muted" data-testid="buy-alert-status">
                  {alert.notifiedAt
                    ? t("buyAlerts.notified", { date: formatDate(alert.notifiedAt, locale) })
                    : alert.variants
                      ? t("buyAlerts.waitingFor", { grades: alert.variants.map((g) => t(`grades.${g}.name`)).join(", ") })
                      : t("buyAlerts.waitingAny")}
                </p>
                {alert.product.price && (
                  <p className="text-sm">
                    {t("buyAlerts.now")} <Price cents={alert.product.price.amount} className="font-semibold" />
                  </p>
                )}
                {!alert.notifiedAt && (
                  <details className="mt-2 text-sm" open={changed === String(alert.product.id)}>
                    <summary className="cursor-pointer font-semibold text-[var(--accent)] underline">{t("buyAlerts.changeGrades")}</summary>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="change" />
                      <input type="hidden" name="productId" value={alert.product.id} />
                      <fieldset>
                        <legend className="sr-only">{t("buyAlerts.gradesLegend", { name: alert.product.name })}</legend>
                        <div className="flex flex-wrap gap-2">
                          {URL_SELECTABLE_GRADES.map((grade) => (
                            <label key={grade} className="flex items-center gap-1 rounded-full border border-line px-3 py-1">
                              <input type="checkbox" name="variants" value={grade} defaultChecked={alert.variants?.includes(grade) ?? false} className="accent-[var(--accent)]" />
                              {t(`grades.${grade}.name`)}
                            </label>
                          ))}
                        </div>
                      </fieldset>
                      <p className="mt-1 text-xs text-muted">{t("buyAlerts.noneMeansAny")}</p>
                      <button type="submit" disabled={busy} className="mt-2 rounded-full border border-line px-4 py-1.5 font-semibold">
                        {t("buyAlerts.save")}
                      </button>
                    </Form>
                  </details>
                )}
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="productId" value={alert.product.id} />
                <button type="submit" disabled={busy} className="text-sm text-muted underline" aria-label={t("buyAlerts.removeNamed", { name: alert.product.name })}>
                  {t("buyAlerts.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}
