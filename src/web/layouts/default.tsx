import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/default";
import { Header } from "../components/header.tsx";
import { LongFooter } from "../components/footer.tsx";
import { RouteError } from "../components/route-error.tsx";
import type { loader as rootLoader } from "../root.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const navigation = await context.api.navigation(context.locale);
  return { categories: navigation.categories };
}

function DefaultFrame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const layout = useRouteLoaderData<typeof loader>("layouts/default");
  return (
    <>
      <Header locale={root.locale} productName={root.productName} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
      <LongFooter locale={root.locale} productName={root.productName} categories={layout?.categories ?? []} />
    </>
  );
}

/** Default layout: header, page, long footer. */
export default function DefaultLayout() {
  return (
    <DefaultFrame>
      <Outlet />
    </DefaultFrame>
  );
}

export function ErrorBoundary() {
  return (
    <DefaultFrame>
      <RouteError />
    </DefaultFrame>
  );
}
