import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Price } from "../../components/price.tsx";

/** The confirmation after an add: a real dialog (focus trapped, Escape closes) with the way on to the cart. */
export function AddedToCartModal({
  added,
  onClose,
}: {
  added: { name: string; label: string; price: number; itemCount: number; wristband?: { name: string; price: number } };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    // Rendered open by the server (read without JavaScript); once hydrated it becomes a real modal.
    // Removing the attribute (unlike close()) fires no close event, which would end the dialog at once.
    if (d && !d.matches(":modal")) {
      d.removeAttribute("open");
      d.showModal();
    }
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="added-title"
      onClose={onClose}
      data-testid="added-to-cart"
      className="z-50 m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="added-title" className="flex items-center gap-2 text-xl font-bold">
          <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded-full bg-green-accent text-sm text-white">
            ✓
          </span>
          {t("cartModal.title")}
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-full p-2 text-muted hover:bg-canvas" aria-label={t("cartModal.close")}>
          ✕
        </button>
      </div>
      <p className="mt-4 font-semibold">{added.name}</p>
      <p className="text-sm text-muted">
        {t("cartModal.grade", { grade: t(`grades.${added.label}.name`, { defaultValue: added.label }) })} · <Price cents={added.price} />
      </p>
      {added.wristband && (
        <p className="mt-2 text-sm" data-testid="added-wristband">
          {t("cartModal.wristband", { name: added.wristband.name })} · <Price cents={added.wristband.price} />
        </p>
      )}
      <p className="mt-2 text-sm">{t("cartModal.itemCount", { count: added.itemCount })}</p>
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <button type="button" onClick={() => dialog.current?.close()} className="rounded-full border border-line px-4 py-3 font-semibold hover:bg-canvas">
          {t("cartModal.continue")}
        </button>
        <Link to="/checkout/cart" className="rounded-full bg-[var(--accent)] px-4 py-3 text-center font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("cartModal.toCart")}
        </Link>
      </div>
    </dialog>
  );
}
