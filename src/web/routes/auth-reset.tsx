import { loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/auth-reset";
import { PASSWORD_MIN_LENGTH } from "../../domain/accounts/accounts.ts";
import type { PasswordResetError, PasswordResetRequestError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { TextField } from "../components/text-field.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { redirectWithFlash } from "../shell/cookies.ts";
import { readForm } from "../shell/forms.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") };
}

/** Asking for a link (no token), or setting the new password with the mailed one. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  try {
    if (!token) {
      await storefront(context).api.requestPasswordReset(String(form.get("email") ?? "").trim());
      return { sent: true as const };
    }
    const { setCookies } = await storefront(context).api.resetPassword({ token, password: String(form.get("password") ?? "") });
    return redirectWithFlash("/my", setCookies, { success: ["user.flash.passwordReset.success"] });
  } catch (error) {
    if (!isApiError<PasswordResetRequestError | PasswordResetError>(error) || error.status >= 500) throw error;
    const problem = error.code === "RESET_TOKEN_INVALID" ? "auth.reset.errors.token" : token ? "auth.reset.errors.password" : "auth.errors.email";
    return data({ problem }, { status: 400 });
  }
}

export default function AuthReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { token } = loaderData;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  return (
    <div className="mx-auto max-w-md py-4 md:py-10">
      <title>{t("auth.reset.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("auth.reset.title")}</h1>
      {actionData && "sent" in actionData ? (
        <p role="status" className="mt-6 rounded-xl bg-canvas p-4" data-testid="reset-sent">
          {t("auth.reset.sent")}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-muted">{token ? t("auth.reset.newText") : t("auth.reset.requestText")}</p>
          {problem && (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {t(problem, { count: PASSWORD_MIN_LENGTH })}
              {problem === "auth.reset.errors.token" && (
                <>
                  {" "}
                  <Link to="/auth/reset" reloadDocument className="font-semibold underline">
                    {t("auth.reset.again")}
                  </Link>
                </>
              )}
            </p>
          )}
          {token ? (
            <>
              <input type="hidden" name="token" value={token} />
              <TextField label={t("auth.reset.password")} name="password" type="password" required minLength={PASSWORD_MIN_LENGTH} maxLength={128} autoComplete="new-password" hint={t("auth.passwordHint", { count: PASSWORD_MIN_LENGTH })} />
            </>
          ) : (
            <TextField label={t("auth.email")} name="email" type="email" required maxLength={254} autoComplete="email" />
          )}
          <button type="submit" disabled={busy} className="h-11 w-full rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)] disabled:opacity-60">
            {busy ? t("auth.sending") : t(token ? "auth.reset.save" : "auth.reset.request")}
          </button>
          <p className="text-center text-sm">
            <Link to="/auth" className="underline">
              {t("auth.reset.back")}
            </Link>
          </p>
        </Form>
      )}
    </div>
  );
}
