import { useEffect, useState } from "react";
import type { CartView } from "../../../api/contract.ts";
import { browserApi } from "../../api-client/browser.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { toast } from "../../shell/toasts/store.ts";
import type { AddToCartResult } from "./add-to-cart-action.ts";
import { AddedToCartModal } from "./added-modal.tsx";
import { useRepairToasts } from "./repair-toasts.ts";

/*
 * The cart on the product page, loaded after the page's own code: what an add led to, and what
 * the product's coupon would save.
 */

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

/**
 * What the product's coupon would take off, with this product in the visitor's cart: asked of the
 * server after the page is up (the page itself stays cacheable and cheap), shown only when it applies.
 */
export function CouponSimulation({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [simulated, setSimulated] = useState<CartView["simulatedCoupon"]>(null);
  useEffect(() => {
    let current = true;
    browserApi
      .cartSimulateCoupon({ productId })
      .then((result) => current && setSimulated(result))
      .catch(() => current && setSimulated(null));
    return () => {
      current = false;
    };
  }, [productId]);
  if (!simulated || simulated.problem || simulated.discount.amount === 0) return null;
  return (
    <p className="mt-2 text-sm text-green-accent" data-testid="coupon-simulation">
      {t("couponSimulation", { code: simulated.code })} <Price cents={simulated.discount.amount} />
    </p>
  );
}
