import { lazy, Suspense, useEffect, useState } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { platformOfPath } from "../domain/routing/paths.ts";
import { parseFlashBag } from "./shell/toasts/flashbag.ts";
import { parseConsent } from "./shell/consent/consent.ts";
import { initConsent } from "./shell/consent/store.ts";
import { withDeferredMessages } from "./i18n/client-messages.ts";
import { DeferredWidgets } from "./layouts/deferred-widgets.tsx";
import { AfterPaintScripts } from "./shell/after-paint-scripts.tsx";
import { installErrorReporting } from "./shell/error-reporting.ts";
import { FlashMessages } from "./shell/toasts/flash-messages.tsx";
import { Toaster } from "./shell/toasts/toaster.tsx";
import { noteVersion, reloadDue } from "./shell/version.ts";
import { expireFlashCookie, hasCartCookie, hasSessionCookie, parseConsentCookie, parseFlashCookie, parseLanguageCookie } from "./shell/cookies.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { RouteError } from "./components/route-error.tsx";
import { storefront } from "./load-context.ts";
import { PersonalProvider } from "./shell/personal.tsx";
import { personalPartsOf } from "./shell/personal-parts.ts";

// Needed only until the visitor decides: loaded on demand, still rendered by the server.
const ConsentBanner = lazy(withDeferredMessages(() => import("./shell/consent/banner.tsx").then((m) => ({ default: m.ConsentBanner }))));

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const server = storefront(context);
  const cookies = request.headers.get("cookie");
  const flashRaw = parseFlashCookie(cookies);
  // Visitors without a session or cart cookie are not asked about: nothing to look up.
  const meta = hasSessionCookie(cookies, server) || hasCartCookie(cookies, server) ? await server.api.userMeta() : null;
  const shell = {
    locale: server.locale,
    productName: server.productName,
    publicUrl: server.publicUrl,
    version: server.version,
    flash: parseFlashBag(flashRaw),
    consent: parseConsentCookie(cookies, server.productName),
    askLanguage: parseLanguageCookie(cookies, server.productName) === null,
    ...(meta ? personalPartsOf(meta) : { customer: null, cartCount: 0, buyAlertCount: 0 }),
    // A shared page served to someone with a cart or a session: the browser asks for these parts.
    personalAfterLoad: server.personalAfterLoad,
  };
  // The flash bag is read once: the cookie goes with this response.
  return flashRaw === null ? shell : data(shell, { headers: { "Set-Cookie": expireFlashCookie() } });
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
        <AfterPaintScripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { productName, consent, version, flash, askLanguage, customer, cartCount, buyAlertCount, personalAfterLoad } = loaderData;
  useState(() => initConsent(productName, consent));
  const location = useLocation();
  useEffect(() => noteVersion(version), [version]);
  // Lets tests (and monitoring) tell a hydrated page from server-rendered HTML.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  useEffect(() => installErrorReporting("/api/errors", version), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (reloadDue()) window.location.reload();
  }, [location.key]);
  return (
    <>
      <PersonalProvider fromLoader={{ customer, cartCount, buyAlertCount }} later={personalAfterLoad}>
        <Outlet />
      </PersonalProvider>
      <Toaster />
      <FlashMessages bag={flash} />
      {!parseConsent(consent)?.decided && (
        <Suspense fallback={null}>
          <ConsentBanner stored={consent} />
        </Suspense>
      )}
      <DeferredWidgets askLanguage={askLanguage} />
    </>
  );
}

/** Last resort, when even a layout failed: the error page on its own. */
export function ErrorBoundary() {
  return <RouteError />;
}
