import { useEffect } from "react";
import { repairToast } from "../../../domain/checkout/add-to-cart.ts";
import { toast } from "../../shell/toasts/store.ts";

/** The server repaired the cart (SPEC's repaired-cart toasts): one warning per repair, once. */
export function useRepairToasts(repairs: readonly string[] | undefined, duringCheckout = false) {
  const key = repairs?.join(",") ?? "";
  useEffect(() => {
    if (!key) return;
    for (const code of key.split(",")) {
      const message = repairToast(code, duringCheckout);
      if (message) toast({ title: "", message, variant: "warn" });
    }
  }, [key, duringCheckout]);
}
