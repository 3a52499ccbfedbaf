import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { toast } from "../../shell/toasts/store.ts";
import type { AddToCartResult } from "./add-to-cart-action.ts";
import { AddedToCartModal } from "./added-modal.tsx";
import { useRepairToasts } from "./repair-toasts.ts";

/**
 * What an add to the cart led to: the confirmation modal, or the refusal as a toast and beside
 * the button (where it is read without JavaScript too). Loaded only once something was added.
 */
export function AddToCartOutcome({ result }: { result: AddToCartResult }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  // The add may have changed the cart's choices (a second item ends the insurance): said here, where it happened.
  useRepairToasts("repairs" in result ? result.repairs : undefined);
  useEffect(() => {
    setOpen(true);
    if ("error" in result) toast({ title: "", message: result.error.key, messageParams: result.error.params, variant: "error" });
  }, [result]);
  if ("error" in result) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        {t(result.error.key, result.error.params)}
      </p>
    );
  }
  return open ? <AddedToCartModal added={result.added} onClose={() => setOpen(false)} /> : null;
}
