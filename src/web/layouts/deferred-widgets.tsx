import { lazy, Suspense, useEffect, useState } from "react";
import { withDeferredMessages } from "../i18n/client-messages.ts";

/** Non-critical global widgets load 100 ms after start, in their own chunks. */
export const DEFERRED_WIDGETS_DELAY_MS = 100;
const LanguageModal = lazy(withDeferredMessages(() => import("../features/language/language-modal.tsx")));

export function DeferredWidgets({ askLanguage }: { askLanguage: boolean }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), DEFERRED_WIDGETS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return <Suspense fallback={null}>{askLanguage && <LanguageModal />}</Suspense>;
}
