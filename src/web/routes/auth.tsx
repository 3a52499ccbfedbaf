import { loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { afterLoginTarget, PASSWORD_MIN_LENGTH } from "../../domain/accounts/accounts.ts";
import { formatPendingAction, parsePendingAction } from "../../domain/accounts/pending-action.ts";
import { runPendingAction } from "../features/account/pending-action.ts";
import { PLATFORMS, type Platform } from "../../domain/platform.ts";
import { isApiError } from "../api-client/client.ts";
import { TextField } from "../components/text-field.tsx";
import { useTranslation } from "../i18n/i18n.tsx";
import { redirectWithFlash } from "../shell/cookies.ts";
import { readForm, sameSiteReferer } from "../shell/forms.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

type Intent = "login" | "register";
/** Field problems by field name, plus one message for the whole form; all translation keys. */
interface FormProblems {
  intent: Intent;
  email: string;
  fields: Partial<Record<"email" | "password", string>>;
  form?: string;
}

function platformParam(value: string | null): Platform {
  return PLATFORMS.find((p) => p === value) ?? "blue";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = url.searchParams.get("next");
  const platform = platformParam(url.searchParams.get("platform"));
  const previous = sameSiteReferer(request);
  const [{ user }, { providers }] = await Promise.all([context.api.userMeta(), context.api.socialLoginProviders()]);
  const target = afterLoginTarget({ intent: next, previous, platform });
  if (user) throw redirect(target, 303);
  // A failed social login comes back here (the API's callback redirects with ?error=social).
  // An action that needed the login (a wish, an alert) runs once it succeeds; malformed ones are dropped.
  const pending = parsePendingAction(url.searchParams.get("then"));
  return { next, previous, platform, providers, socialTarget: target, socialFailed: url.searchParams.get("error") === "social", then: pending && formatPendingAction(pending) };
}

const FORM_ERRORS: Record<string, string> = {
  INVALID_CREDENTIALS: "auth.errors.invalidCredentials",
  LOGIN_TEMPORARILY_LOCKED: "auth.errors.locked",
  EMAIL_ALREADY_REGISTERED: "auth.errors.alreadyRegistered",
};
const FIELD_ERRORS: Record<string, { field: "email" | "password"; key: string }> = {
  "body.email": { field: "email", key: "auth.errors.email" },
  "body.credentials.email": { field: "email", key: "auth.errors.email" },
  "body.password": { field: "password", key: "auth.errors.passwordLength" },
  "body.credentials.password": { field: "password", key: "auth.errors.passwordRequired" },
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Intent = form.get("intent") === "register" ? "register" : "login";
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const next = String(form.get("next") ?? "") || null;
  const previous = String(form.get("previous") ?? "") || null;
  const platform = platformParam(String(form.get("platform") ?? ""));
  try {
    if (intent === "register") {
      // Nobody is signed in by registering: the mailed link proves the address and signs in.
      await context.api.register({ email, password, locale: context.locale });
      return { registered: email };
    }
    const { setCookies } = await context.api.login({ credentials: { email, password }, ...(previous ? { previousUrl: previous } : {}) });
    const flash = { success: ["user.flash.login.success"], danger: [] as string[] };
    const pending = parsePendingAction(String(form.get("then") ?? ""));
    // Signed in now: the action the customer started runs as them, and they see it done.
    if (pending) {
      await runPendingAction(context.apiAs(setCookies), pending).then(
        (done) => flash.success.push(done),
        () => flash.danger.push(pending.kind === "wish" ? "blue.wishlist.flash.addFailure" : "blue.buyAlert.flash.error.default"),
      );
    }
    return redirectWithFlash(afterLoginTarget({ intent: next, previous, platform }), setCookies, flash);
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    const problems: FormProblems = { intent, email, fields: {} };
    for (const item of error.errors) {
      const field = item.reference ? FIELD_ERRORS[item.reference] : undefined;
      if (field) problems.fields[field.field] ??= field.key;
      else problems.form = FORM_ERRORS[item.code] ?? "auth.errors.default";
    }
    return data(problems, { status: error.status });
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

/** One link per configured provider: the API's start address leads to the provider and back. */
function SocialLogin({ providers, target }: { providers: readonly ("google" | "apple")[]; target: string }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="mt-4 space-y-3">
      {providers.map((provider) => (
        <a
          key={provider}
          href={`/api/sign-in/${provider}/start?${new URLSearchParams({ next: target })}`}
          className="flex h-11 w-full items-center justify-center rounded-full border border-line px-5 font-semibold hover:bg-canvas"
          data-testid={`social-login-${provider}`}
        >
          {t(`socialLogin.${provider}`)}
        </a>
      ))}
      <p className="text-center text-sm text-muted">{t("socialLogin.or")}</p>
    </div>
  );
}

/** Login and registration side by side at /auth: one step to an account, nothing typed is lost on an error. */
export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hidden = { next: loaderData.next, previous: loaderData.previous, platform: loaderData.platform, then: loaderData.then };
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
          <SocialLogin providers={loaderData.providers} target={loaderData.socialTarget} />
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
