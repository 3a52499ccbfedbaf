import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { platformOfPath } from "../domain/routing/paths.ts";
import type { Route } from "./+types/root";
import "./app.css";
import "./load-context.ts";
import { ErrorPage } from "./components/error-page.tsx";

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

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <>
      <title>{t(status === 404 ? "errors.notFound.title" : "errors.generic.title")}</title>
      <ErrorPage status={status} />
    </>
  );
}
