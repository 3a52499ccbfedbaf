import { loadPageMessages } from "../i18n/client-messages.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/logout";
import { useTranslation } from "../i18n/i18n.tsx";
import { redirectWithFlash } from "../shell/cookies.ts";
import { useCustomer } from "../features/account/customer.ts";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

/** Logging out changes state, so it takes a POST: a link on another site cannot log anyone out. */
export async function action({ context }: Route.ActionArgs) {
  const { setCookies } = await storefront(context).api.logout();
  return redirectWithFlash("/", setCookies, { success: ["user.flash.logout.success"] });
}

export default function Logout() {
  const { t } = useTranslation();
  const customer = useCustomer();
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <title>{t("logout.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("logout.title")}</h1>
      {customer ? (
        <Form method="post" className="mt-6">
          <p className="text-muted">{t("logout.question", { email: customer.email })}</p>
          <button type="submit" className="mt-6 rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
            {t("logout.submit")}
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-2 text-muted">{t("logout.done")}</p>
          <Link to="/" className="mt-6 inline-block font-semibold text-[var(--accent)] underline">
            {t("logout.home")}
          </Link>
        </>
      )}
    </div>
  );
}
