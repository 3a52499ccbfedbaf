import { Form, isRouteErrorResponse, Link, NavLink, Outlet, redirect, useRouteError, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { OpsMe } from "../../api/contract.ts";
import { staffApi } from "../api-client/staff.ts";
import { RouteError } from "../components/route-error.tsx";
import { NotAllowed } from "../features/ops/ops-ui.tsx";
import { sectionsFor } from "../features/ops/sections.ts";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import type { loader as rootLoader } from "../root.tsx";
import { SECOND_FACTOR_PATH, secondFactorTarget, staffPageOn } from "../shell/route-errors.ts";
import { Header } from "./header.tsx";
import { MinimalFooter } from "./lazy-footer.tsx";
import type { Route } from "./+types/ops";

await loadPageMessages();

/**
 * Who is signed in, for every /ops page. Anyone but staff gets the API's 404 (so the back-office
 * does not exist for them), staff without this session's second factor go to give it, except on
 * the second-factor page itself, which this layout frames without its navigation.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    const me = await staffApi(storefront(context).api).opsMe();
    if (!me.secondFactor.given && url.pathname !== SECOND_FACTOR_PATH) throw redirect(secondFactorTarget(url));
    return { me };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** The member and their roles change by a form (the second factor, the staff page), not by moving between pages. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((formMethod && formMethod !== "GET") || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

/** Links, buttons and fields of the back-office: a ring that shows where the keyboard is. */
const focusRing = "[&_:focus-visible]:outline-2 [&_:focus-visible]:outline-offset-2 [&_:focus-visible]:outline-blue-accent";

function OpsFrame({ me, children }: { me: OpsMe; children: React.ReactNode }) {
  const { t } = useTranslation();
  // Before the second factor nothing else opens: no navigation to lead there.
  const sections = me.secondFactor.given ? sectionsFor(me.roles) : [];
  const headerLink = "rounded px-2 py-1 font-semibold hover:bg-canvas";
  return (
    <div className={`min-h-screen bg-canvas ${focusRing}`} data-testid="ops-frame">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("ops.frame.skip")}
      </a>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
          <Link to="/ops" className="rounded text-base font-extrabold">
            {t("ops.frame.brand")}
          </Link>
          <p className="min-w-0 truncate text-muted" data-testid="ops-email">
            <span className="sr-only">{t("ops.frame.signedInAs")} </span>
            {me.email}
          </p>
          <div className="ml-auto flex items-center gap-1">
            {me.secondFactor.given && (
              <Link to="/ops/security" className={headerLink}>
                {t("ops.frame.security")}
              </Link>
            )}
            <Link to="/" className={headerLink}>
              {t("ops.frame.toShop")}
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className={headerLink}>
                {t("ops.frame.logout")}
              </button>
            </Form>
          </div>
        </div>
        {sections.length > 0 && (
          <nav aria-label={t("ops.frame.navigation")} className="mx-auto max-w-7xl px-2 pb-1">
            <ul className="flex flex-wrap gap-x-1 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <NavLink
                    to={section.path}
                    end={section.id === "overview"}
                    className={({ isActive }) =>
                      `block rounded-t border-b-2 px-2 py-2 font-semibold sm:px-3 ${isActive ? "border-blue-accent text-blue-accent" : "border-transparent text-ink hover:border-line"}`
                    }
                  >
                    {t(`ops.sections.${section.id}.label`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-5">
        {children}
      </main>
    </div>
  );
}

/** The back-office's frame: compact header with the member, the sections their roles open, the shop and logout. */
export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  return (
    <OpsFrame me={loaderData.me}>
      <Outlet />
    </OpsFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const ops = useRouteLoaderData<typeof loader>("layouts/ops");
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  // The back-office does not exist for this visitor: the shop's own error page.
  if (!ops)
    return (
      <>
        <Header locale={root.locale} productName={root.productName} />
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          <RouteError />
        </main>
        <MinimalFooter productName={root.productName} />
      </>
    );
  // A page the member's roles do not open (staffPageOn's 403): said in the back-office's words.
  return <OpsFrame me={ops.me}>{isRouteErrorResponse(error) && error.status === 403 ? <NotAllowed /> : <RouteError />}</OpsFrame>;
}
