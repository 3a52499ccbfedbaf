import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, useFetcher } from "react-router";
import { AlertGradesModal, type BuyAlertAnswer } from "./alert-grades-modal.tsx";
import { useLoginDialog } from "../../shell/login/login-dialog.tsx";
import type { ApiClient } from "../../api-client/client.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { HeartIcon } from "../../components/heart-icon.tsx";
import { track } from "../../shell/analytics.ts";
import { wishlistEvent } from "../../shell/analytics-events.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";

type WatchStatus = Awaited<ReturnType<ApiClient["watchStatus"]>>;
/** The grades ticked in an alert form; null (any grade) when it has no grade boxes. */
function tickedGrades(form: HTMLFormElement): Grade[] | null {
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="variants"]')];
  return boxes.length ? boxes.filter((box) => box.checked).map((box) => box.value as Grade) : null;
}

/**
 * The wishlist heart and "tell me when it is back" for sold-out grades: plain forms to /wishlist
 * and /buy-alerts, so they work before and without JavaScript; a visitor is asked to log in and the
 * action happens right after.
 */
export function WatchControls({
  productId,
  name,
  price,
  status,
  soldOut,
  nothingInStock,
}: {
  productId: number;
  name: string;
  /** The price shown, in cents, for the analytics event. */
  price: number;
  status: WatchStatus | null;
  soldOut: Grade[];
  nothingInStock: boolean;
}) {
  const { t } = useTranslation();
  const wished = status?.wished ?? false;
  // Only a customer has a watch status: without one, the actions need a login first.
  const login = useLoginDialog(status !== null);
  // Tells tests (and styles) the handlers are in place: before, the forms go the plain way.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // The wishlist event, with the product, whether it is now wished, and the price: on the bus only with consent.
  const onWish = (event: FormEvent<HTMLFormElement>) => {
    track(wishlistEvent({ id: productId, name }, price, !wished));
    login.intercept(event, { kind: "wish", productId });
  };
  const onAlert = (event: FormEvent<HTMLFormElement>) => login.intercept(event, { kind: "alert", productId, variants: tickedGrades(event.currentTarget) });
  const alert = status?.buyAlert ?? null;
  // With JavaScript an alert is added in place; one with grades then opens them to change at once.
  const adding = useFetcher<BuyAlertAnswer>();
  const [gradesOpen, setGradesOpen] = useState(false);
  const added = adding.state === "idle" ? adding.data : undefined;
  useEffect(() => {
    if (added?.ok && added.intent === "add" && added.variants) setGradesOpen(true);
  }, [added]);
  const inPlace = ready && <input type="hidden" name="respond" value="data" />;
  return (
    <div className="mt-4 space-y-3" data-testid="watch-controls" data-ready={ready || undefined}>
      {login.dialog}
      {gradesOpen && alert && <AlertGradesModal productId={productId} productName={name} variants={alert.variants} onClose={() => setGradesOpen(false)} />}
      <Form method="post" action="/wishlist" onSubmit={onWish}>
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="intent" value={wished ? "remove" : "add"} />
        <button type="submit" aria-pressed={wished} className="flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas">
          <HeartIcon filled={wished} />
          {wished ? t("watch.wished") : t("watch.wish")}
        </button>
      </Form>
      {alert ? (
        <p className="text-sm" data-testid="buy-alert-set">
          {t("watch.alertSet")}{" "}
          {ready ? (
            <button type="button" onClick={() => setGradesOpen(true)} className="font-semibold text-[var(--accent)] underline">
              {t("watch.alertChange")}
            </button>
          ) : (
            <Link to={`/buy-alerts?changed=${productId}`} className="font-semibold text-[var(--accent)] underline">
              {t("watch.alertChange")}
            </Link>
          )}
        </p>
      ) : nothingInStock ? (
        <adding.Form method="post" action="/buy-alerts" onSubmit={onAlert}>
          <input type="hidden" name="productId" value={productId} />
          {inPlace}
          <button type="submit" className="w-full rounded-full bg-ink px-6 py-3 font-semibold text-white">
            {t("watch.notifyAny")}
          </button>
        </adding.Form>
      ) : (
        soldOut.length > 0 && (
          <details className="rounded-xl border border-line p-3 text-sm">
            <summary className="cursor-pointer font-semibold">{t("watch.notifyGrade")}</summary>
            <adding.Form method="post" action="/buy-alerts" className="mt-2" onSubmit={onAlert}>
              <input type="hidden" name="productId" value={productId} />
              {inPlace}
              <fieldset>
                <legend className="text-muted">{t("watch.soldOutGrades")}</legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {soldOut.map((grade) => (
                    <label key={grade} className="flex items-center gap-1 rounded-full border border-line px-3 py-1">
                      <input type="checkbox" name="variants" value={grade} defaultChecked className="accent-[var(--accent)]" />
                      {t(`grades.${grade}.name`)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <button type="submit" className="mt-2 rounded-full border border-line px-4 py-1.5 font-semibold">
                {t("watch.notify")}
              </button>
            </adding.Form>
          </details>
        )
      )}
    </div>
  );
}
