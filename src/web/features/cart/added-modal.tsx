import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Price } from "../../components/price.tsx";
import { Dialog, DialogCloseButton } from "../../components/dialog.tsx";

/** The confirmation after an add, with the way on to the cart; rendered open by the server, readable without JavaScript. */
export function AddedToCartModal({
  added,
  onClose,
}: {
  added: { name: string; label: string; price: number; itemCount: number; wristband?: { name: string; price: number } };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      openOnServer
      onClose={onClose}
      testId="added-to-cart"
      closeLabel={t("cartModal.close")}
      title={
        <>
          <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded-full bg-green-accent text-sm text-white">
            ✓
          </span>
          {t("cartModal.title")}
        </>
      }
    >
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
        <DialogCloseButton className="rounded-full border border-line px-4 py-3 font-semibold hover:bg-canvas">{t("cartModal.continue")}</DialogCloseButton>
        <Link to="/checkout/cart" className="rounded-full bg-[var(--accent)] px-4 py-3 text-center font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("cartModal.toCart")}
        </Link>
      </div>
    </Dialog>
  );
}
