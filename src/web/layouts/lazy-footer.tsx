import { lazy, Suspense, type ComponentProps } from "react";
import { withDeferredMessages } from "../i18n/client-messages.ts";

// Below the fold: the server renders the footer at once; the browser hydrates it when its code and texts have arrived.
const Long = lazy(withDeferredMessages(() => import("./footer.tsx").then((m) => ({ default: m.LongFooter }))));
const Minimal = lazy(withDeferredMessages(() => import("./footer.tsx").then((m) => ({ default: m.MinimalFooter }))));

export function LongFooter(props: ComponentProps<typeof Long>) {
  return (
    <Suspense fallback={null}>
      <Long {...props} />
    </Suspense>
  );
}

export function MinimalFooter(props: ComponentProps<typeof Minimal>) {
  return (
    <Suspense fallback={null}>
      <Minimal {...props} />
    </Suspense>
  );
}
