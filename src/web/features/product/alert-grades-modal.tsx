import { useEffect } from "react";
import { useFetcher } from "react-router";
import { URL_SELECTABLE_GRADES, type Grade } from "../../../domain/catalogue/grades.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Dialog } from "../../components/dialog.tsx";

/** What /buy-alerts answers a form sent with respond=data (the dialog's), instead of a redirect. */
export type BuyAlertAnswer = { ok: true; intent: "add" | "change" | "remove"; variants: Grade[] | null } | { ok: false };

/**
 * The grades of a waiting buy alert, to change over the product page: opened right after an alert
 * with grades is added, and by "change". Saves and ends the alert through the same /buy-alerts
 * action as the alerts page; the page's watch status follows by revalidation, the toast by the flash.
 */
export function AlertGradesModal({ productId, productName, variants, onClose }: { productId: number; productName: string; variants: readonly Grade[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<BuyAlertAnswer>();
  const busy = fetcher.state !== "idle";
  // Saved or ended: the dialog has done its work.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <Dialog open onClose={onClose} testId="alert-grades" title={t("watch.grades.title")} description={t("watch.grades.intro", { name: productName })} closeLabel={t("watch.grades.close")}>
      <fetcher.Form method="post" action="/buy-alerts" className="mt-4" aria-busy={busy}>
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="respond" value="data" />
        <fieldset>
          <legend className="sr-only">{t("watch.grades.title")}</legend>
          <div className="flex flex-wrap gap-2">
            {URL_SELECTABLE_GRADES.map((grade) => (
              <label key={grade} className="flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm">
                <input type="checkbox" name="variants" value={grade} defaultChecked={variants?.includes(grade) ?? false} className="accent-[var(--accent)]" />
                {t(`grades.${grade}.name`)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-2 text-xs text-muted">{t("watch.grades.noneMeansAny")}</p>
        {fetcher.state === "idle" && fetcher.data?.ok === false && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t("watch.grades.failed")}
          </p>
        )}
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <button type="submit" name="intent" value="remove" disabled={busy} className="rounded-full border border-line px-4 py-3 font-semibold hover:bg-canvas">
            {t("watch.grades.remove")}
          </button>
          <button type="submit" name="intent" value="change" disabled={busy} className="rounded-full bg-[var(--accent)] px-4 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
            {busy ? t("watch.grades.saving") : t("watch.grades.save")}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
