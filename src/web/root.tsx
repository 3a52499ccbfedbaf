import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { platformOfPath } from "../domain/routing/paths.ts";
import type { Route } from "./+types/root";
import "./app.css";
import "./load-context.ts";
import { RouteError } from "./components/route-error.tsx";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { locale: context.locale, productName: context.productName, publicUrl: context.publicUrl };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  return (
    <html lang={data?.locale ?? "de"} data-product={data?.productName} data-platform={platformOfPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cd5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort, when even a layout failed: the error page on its own. */
export function ErrorBoundary() {
  return <RouteError />;
}
