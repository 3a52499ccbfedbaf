import { Outlet, useRouteLoaderData } from "react-router";
import { Header } from "../components/header.tsx";
import { MinimalFooter } from "../components/footer.tsx";
import type { loader as rootLoader } from "../root.tsx";

/** Default layout with the minimal footer: sign-in, static and error pages. */
export default function MinimalFooterLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <>
      <Header locale={root.locale} productName={root.productName} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
      <MinimalFooter productName={root.productName} />
    </>
  );
}
