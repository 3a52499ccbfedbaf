import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/default";
import { Header } from "../components/header.tsx";
import { LongFooter } from "../components/footer.tsx";
import type { loader as rootLoader } from "../root.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const navigation = await context.api.navigation(context.locale);
  return { categories: navigation.categories };
}

/** Default layout: header, page, long footer. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <>
      <Header locale={root.locale} productName={root.productName} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
      <LongFooter locale={root.locale} productName={root.productName} categories={loaderData.categories} />
    </>
  );
}
