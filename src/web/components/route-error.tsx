import { lazy, Suspense } from "react";
import { withDeferredMessages } from "../i18n/client-messages.ts";

// Needed only when something failed: its code and texts are not part of any page's first load.
const RouteErrorPage = lazy(withDeferredMessages(() => import("./error-page.tsx").then((m) => ({ default: m.RouteErrorPage }))));

/** The error boundary's content, loaded when an error happens (the server renders it at once). */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}
