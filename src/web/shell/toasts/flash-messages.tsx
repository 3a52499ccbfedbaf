import { useEffect } from "react";
import { flashToToasts, type FlashBag } from "../../../domain/shell/flashbag.ts";
import { toast } from "./store.ts";

/** Backend flash messages (page variable or `flashbag` cookie, read by the root loader) become toasts, once. */
export function FlashMessages({ bag }: { bag: FlashBag }) {
  useEffect(() => {
    for (const item of flashToToasts(bag)) toast({ title: "", message: item.message, variant: item.variant });
  }, [bag]);
  return null;
}
