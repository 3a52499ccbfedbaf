import { lazy, Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { onNavigation, useToasts } from "./store.ts";

// The toasts' code comes with the first toast: most pages never show one.
const ToastItems = lazy(() => import("./toast-items.tsx"));

/**
 * The toast stack, announced to screen readers (the live region is there from the start);
 * persistent toasts go when the page changes. It sits at the bottom, or at the top while the
 * bottom would cover the page's primary action (toast-items.tsx).
 */
export function Toaster() {
  const toasts = useToasts();
  const location = useLocation();
  const region = useRef<HTMLOListElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onNavigation();
  }, [location.pathname]);
  return (
    <ol
      ref={region}
      aria-live="polite"
      data-testid="toasts"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto flex w-full max-w-md flex-col gap-2 px-4 data-[place=top]:bottom-auto data-[place=top]:top-4"
    >
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastItems toasts={toasts} region={region} />
        </Suspense>
      )}
    </ol>
  );
}
