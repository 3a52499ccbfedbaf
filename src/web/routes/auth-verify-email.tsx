import { loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/auth-verify-email";
import type { EmailVerificationError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { redirectWithFlash } from "../shell/cookies.ts";
import { readForm } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

/** The link's token is used by this button, not by opening the page: mail scanners open links too. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const { body, setCookies } = await storefront(context).api.verifyEmail(String(form.get("token") ?? ""));
    return redirectWithFlash("/my", setCookies, { success: [body.status === "email-changed" ? "user.flash.emailChanged" : "user.flash.emailVerified"] });
  } catch (error) {
    if (!isApiError<EmailVerificationError>(error) || error.status >= 500) throw error;
    return data({ problem: error.code === "EMAIL_ALREADY_REGISTERED" ? "auth.verify.errors.taken" : "auth.verify.errors.token" }, { status: error.status });
  }
}

export default function AuthVerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-md py-4 md:py-10">
      <title>{t("auth.verify.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("auth.verify.title")}</h1>
      {actionData?.problem ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-800">
          {t(actionData.problem)}{" "}
          <Link to="/auth" className="font-semibold underline">
            {t("auth.verify.login")}
          </Link>
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-muted">{t("auth.verify.text")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={busy || !loaderData.token} className="h-11 w-full rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)] disabled:opacity-60">
            {t("auth.verify.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
