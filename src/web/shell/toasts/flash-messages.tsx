import { useEffect } from "react";
import { useLocation } from "react-router";
import { flashToToasts, type FlashBag } from "./flashbag.ts";
import { toast } from "./store.ts";

/** Backend flash messages (page variable or `flashbag` cookie, read by the root loader) become toasts, once. */
export function FlashMessages({ bag }: { bag: FlashBag }) {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const item of flashToToasts(bag, pathname)) toast({ title: "", message: item.message, variant: item.variant, ...(item.link ? { link: item.link } : {}) });
  }, [bag]); // eslint-disable-line react-hooks/exhaustive-deps -- shown once per bag, wherever the reader goes next
  return null;
}
