import { Form, Link } from "react-router";
import type { ApiClient } from "../../api-client/client.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { track } from "../../shell/analytics.ts";
import type { Grade } from "../../../domain/catalogue/grades.ts";

type WatchStatus = Awaited<ReturnType<ApiClient["watchStatus"]>>;

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
  // The wishlist event, with the product, whether it is now wished, and the price: on the bus only with consent.
  const onWish = () => track({ name: "add_to_wishlist", items: [{ item_id: String(productId), item_name: name }], value: price / 100, active: !wished });
  const alert = status?.buyAlert ?? null;
  return (
    <div className="mt-4 space-y-3" data-testid="watch-controls">
      <Form method="post" action="/wishlist" onSubmit={onWish}>
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="intent" value={wished ? "remove" : "add"} />
        <button type="submit" aria-pressed={wished} className="flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={wished ? "fill-red-600 stroke-red-600" : "fill-none stroke-current"} strokeWidth="2">
            <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
          </svg>
          {wished ? t("watch.wished") : t("watch.wish")}
        </button>
      </Form>
      {alert ? (
        <p className="text-sm" data-testid="buy-alert-set">
          {t("watch.alertSet")}{" "}
          <Link to="/buy-alerts" className="font-semibold text-[var(--accent)] underline">
            {t("watch.alertChange")}
          </Link>
        </p>
      ) : nothingInStock ? (
        <Form method="post" action="/buy-alerts">
          <input type="hidden" name="productId" value={productId} />
          <button type="submit" className="w-full rounded-full bg-ink px-6 py-3 font-semibold text-white">
            {t("watch.notifyAny")}
          </button>
        </Form>
      ) : (
        soldOut.length > 0 && (
          <details className="rounded-xl border border-line p-3 text-sm">
            <summary className="cursor-pointer font-semibold">{t("watch.notifyGrade")}</summary>
            <Form method="post" action="/buy-alerts" className="mt-2">
              <input type="hidden" name="productId" value={productId} />
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
            </Form>
          </details>
        )
      )}
    </div>
  );
}
