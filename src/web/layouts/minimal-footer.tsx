import { Outlet, useRouteLoaderData } from "react-router";
import { Header } from "./header.tsx";
import { MinimalFooter } from "./lazy-footer.tsx";
import { RouteError } from "../components/route-error.tsx";
import type { loader as rootLoader } from "../root.tsx";

function MinimalFrame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <>
      <Header locale={root.locale} productName={root.productName} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
      <MinimalFooter productName={root.productName} />
    </>
  );
}

/** Default layout with the minimal footer: sign-in, static and error pages. */
export default function MinimalFooterLayout() {
  return (
    <MinimalFrame>
      <Outlet />
    </MinimalFrame>
  );
}

export function ErrorBoundary() {
  return (
    <MinimalFrame>
      <RouteError />
    </MinimalFrame>
  );
}
