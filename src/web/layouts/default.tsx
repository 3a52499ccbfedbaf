import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/default";
import { Header } from "./header.tsx";
import { LongFooter } from "./lazy-footer.tsx";
import { RouteError } from "../components/route-error.tsx";
import { AnnouncementBar, announcementsDue, rememberAnnouncements } from "../features/announcements/announcement-bar.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { storefront } from "../load-context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [navigation, announcements] = await Promise.all([
    storefront(context).api.navigation(storefront(context).locale),
    storefront(context).api.announcements(storefront(context).locale),
  ]);
  return { categories: navigation.categories, announcements };
}

/** Categories and announcements change rarely: refetch only when the announcements are due (every 15 minutes). */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Submissions and reloads of the same URL refresh everything.
  if ((formMethod && formMethod !== "GET") || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return announcementsDue();
}

function DefaultFrame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const layout = useRouteLoaderData<typeof loader>("layouts/default");
  rememberAnnouncements(layout?.announcements);
  return (
    <>
      <AnnouncementBar announcements={layout?.announcements} />
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
