import { loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { afterLoginTarget, PASSWORD_MIN_LENGTH } from "../../domain/accounts/accounts.ts";
import { formatPendingAction, parsePendingAction } from "../../domain/accounts/pending-action.ts";
import { runPendingActionWithFlash } from "../features/account/pending-action.ts";
import { loginProblems, type LoginProblems } from "../shell/login/login-problems.ts";
import { SocialLogin } from "../shell/login/social-login.tsx";
import { PLATFORMS, type Platform } from "../../domain/platform.ts";
import type { LoginError, RegisterError } from "../../api/contract.ts";
import { isApiError } from "../api-client/client.ts";
import { TextField } from "../components/text-field.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { redirectWithFlash } from "../shell/cookies.ts";
import { readForm, sameSiteReferer } from "../shell/forms.ts";
import { useSameSiteReferrer } from "../shell/same-site-referrer.ts";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

type Intent = "login" | "register";
/** What went wrong, beside what was typed: nothing is lost on an error. */
interface FormProblems extends LoginProblems {
  intent: Intent;
  email: string;
  /** What came with the form (a post to /login_check from elsewhere too): kept for the next try. */
  next: string | null;
  then: string | null;
}

function platformParam(value: string | null): Platform {
  return PLATFORMS.find((p) => p === value) ?? "blue";
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const next = url.searchParams.get("next");
  const platform = platformParam(url.searchParams.get("platform"));
  // A kept page (a visitor without cart or session) may not read the Referer: the browser fills it in.
  const previous = storefront(context).kept ? null : sameSiteReferer(request);
  const [{ user }, offer] = await Promise.all([storefront(context).api.userMeta(), storefront(context).api.socialLoginProviders()]);
  const target = afterLoginTarget({ intent: next, previous, platform });
  if (user) throw redirect(target, 303);
  // A failed social login comes back here (the API's callback redirects with ?error=social).
  // An action that needed the login (a wish, an alert) runs once it succeeds; malformed ones are dropped.
  const pending = parsePendingAction(url.searchParams.get("then"));
  return { next, previous, platform, offer, socialTarget: target, socialFailed: url.searchParams.get("error") === "social", then: pending && formatPendingAction(pending) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Intent = form.get("intent") === "register" ? "register" : "login";
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const next = String(form.get("next") ?? "") || null;
  const previous = String(form.get("previous") ?? "") || null;
  const platform = platformParam(String(form.get("platform") ?? ""));
  const pending = parsePendingAction(String(form.get("then") ?? ""));
  if (form.get("intent") === "signed-in") {
    // After a login in a popup (PayPal): the session is there; the pending action and the toast follow here.
    // PayPal express goes on without the success toast.
    const { user } = await storefront(context).api.userMeta();
    if (!user) return redirect("/auth?error=social", 303);
    const flash = await runPendingActionWithFlash(storefront(context).api, pending, { loginToast: form.get("express") !== "1" });
    return redirectWithFlash(afterLoginTarget({ intent: next, previous, platform }), [], flash);
  }
  try {
    if (intent === "register") {
      // Nobody is signed in by registering: the mailed link proves the address and signs in.
      await storefront(context).api.register({ email, password, locale: storefront(context).locale });
      return { registered: email };
    }
    const { setCookies } = await storefront(context).api.login({ credentials: { email, password }, ...(previous ? { previousUrl: previous } : {}) });
    // Signed in now: the action the customer started runs as them, and they see it done.
    const flash = await runPendingActionWithFlash(storefront(context).apiAs(setCookies), pending);
    return redirectWithFlash(afterLoginTarget({ intent: next, previous, platform }), setCookies, flash);
  } catch (error) {
    if (!isApiError<LoginError | RegisterError>(error) || error.status >= 500) throw error;
    return data<FormProblems>({ intent, email, next, then: pending && formatPendingAction(pending), ...loginProblems(error.errors) }, { status: error.status });
  }
}

function AuthForm({ intent, problems, hidden }: { intent: Intent; problems: FormProblems | { registered: string } | undefined; hidden: Record<string, string | null> }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const mine = problems && "intent" in problems && problems.intent === intent ? problems : undefined;
  const register = intent === "register";
  return (
    <Form method="post" noValidate={false} className="mt-4 space-y-4" aria-describedby={mine?.form ? `${intent}-error` : undefined}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}
      {mine?.form && (
        <p id={`${intent}-error`} role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(mine.form)}
        </p>
      )}
      <TextField
        label={t("auth.email")}
        name="email"
        type="email"
        required
        maxLength={254}
        autoComplete={register ? "email" : "username"}
        defaultValue={mine?.email}
        error={mine?.fields.email && t(mine.fields.email)}
      />
      <TextField
        label={t("auth.password")}
        name="password"
        type="password"
        required
        minLength={register ? PASSWORD_MIN_LENGTH : undefined}
        maxLength={128}
        autoComplete={register ? "new-password" : "current-password"}
        {...(register ? { hint: t("auth.passwordHint", { count: PASSWORD_MIN_LENGTH }) } : {})}
        error={mine?.fields.password && t(mine.fields.password, { count: PASSWORD_MIN_LENGTH })}
      />
      <button
        type="submit"
        disabled={busy}
        className={`h-11 w-full rounded-full px-5 font-semibold disabled:opacity-60 ${register ? "border-2 border-[var(--accent)] text-[var(--accent)] hover:bg-canvas" : "bg-[var(--accent)] text-white hover:bg-[var(--accent-dark)]"}`}
      >
        {busy ? t("auth.sending") : t(register ? "auth.register.submit" : "auth.login.submit")}
      </button>
      {!register && (
        <p className="text-center text-sm">
          <Link to="/auth/reset" className="text-[var(--accent)] underline">
            {t("auth.forgot")}
          </Link>
        </p>
      )}
    </Form>
  );
}

/** Login and registration side by side at /auth: one step to an account, nothing typed is lost on an error. */
export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const posted = actionData && "intent" in actionData ? actionData : undefined;
  const previous = useSameSiteReferrer(loaderData.previous);
  const hidden = { next: posted?.next ?? loaderData.next, previous, platform: loaderData.platform, then: posted?.then ?? loaderData.then };
  const socialTarget = previous === loaderData.previous ? loaderData.socialTarget : afterLoginTarget({ intent: loaderData.next, previous, platform: loaderData.platform });
  return (
    <div className="mx-auto max-w-4xl py-4 md:py-10">
      <title>{t("auth.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold md:text-3xl">{t("auth.title")}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="login-title" className="rounded-2xl border border-line p-5 md:p-6">
          <h2 id="login-title" className="text-lg font-bold">
            {t("auth.login.title")}
          </h2>
          {loaderData.socialFailed && (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="social-login-error">
              {t("loginComponent.error.api.default")}
            </p>
          )}
          <SocialLogin offer={loaderData.offer} target={socialTarget} then={loaderData.then} />
          <AuthForm intent="login" problems={actionData} hidden={hidden} />
        </section>
        <section aria-labelledby="register-title" className="rounded-2xl bg-canvas p-5 md:p-6">
          <h2 id="register-title" className="text-lg font-bold">
            {t("auth.register.title")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("auth.register.text")}</p>
          {actionData && "registered" in actionData ? (
            <p role="status" className="mt-4 rounded-xl bg-white p-4 text-sm" data-testid="registration-sent">
              {t("auth.register.sent", { email: actionData.registered })}
            </p>
          ) : (
            <AuthForm intent="register" problems={actionData} hidden={hidden} />
          )}
        </section>
      </div>
    </div>
  );
}
