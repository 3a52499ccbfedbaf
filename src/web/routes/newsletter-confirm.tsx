import { loadDeferredMessages, loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await Promise.all([loadPageMessages(), loadDeferredMessages()]);

/**
 * The link in the opt-in e-mail lands here. Confirming takes a click (a POST), so mail scanners
 * that open links on their own cannot subscribe anybody.
 */
export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  try {
    const result = await storefront(context).api.newsletterConfirm(token);
    return { email: result.email };
  } catch (error) {
    if (isApiError(error) && error.status < 500) return data({ email: null }, { status: 404 });
    throw error;
  }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const invalid = !loaderData.token || actionData?.email === null;
  const title = invalid
    ? t("newsletterConfirm.invalidTitle")
    : actionData?.email
      ? t("newsletterConfirm.successTitle")
      : t("newsletterConfirm.title");
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {invalid ? (
        <p className="mt-2 text-muted">{t("newsletterConfirm.invalidText")}</p>
      ) : actionData?.email ? (
        <p className="mt-2 text-muted">{t("newsletterConfirm.successText", { email: actionData.email })}</p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-muted">{t("newsletterConfirm.text")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={submitting} className="mt-6 rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white disabled:opacity-60">
            {t("newsletterConfirm.button")}
          </button>
        </Form>
      )}
      {(invalid || actionData?.email) && (
        <Link to="/" className="mt-8 inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white">
          {t("errors.backHome")}
        </Link>
      )}
    </div>
  );
}
