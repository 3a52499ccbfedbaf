import { loadMessageGroup } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { Outlet, useRouteLoaderData } from "react-router";
import { Logo } from "../components/logo.tsx";
import { MinimalFooter } from "./lazy-footer.tsx";
import type { loader as rootLoader } from "../root.tsx";

// Texts of lists and the shop's other pages are not in the product page's first load: they arrive with this code.
await loadMessageGroup("browse");

/** Checkout layout: no search or navigation to lead away, just the way through. */
export default function CheckoutLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const { t } = useTranslation();
  return (
    <>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-4 py-4">
          <Logo productName={root.productName} />
          <p className="flex items-center gap-2 text-sm text-muted">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </svg>
            {t("checkout.secure")}
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-4xl px-4 py-8">
        <Outlet />
      </main>
      <MinimalFooter productName={root.productName} />
    </>
  );
}
