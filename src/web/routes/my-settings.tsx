import { loadMessageGroup, loadPageMessages } from "../i18n/client-messages.ts";
import { data, Form, useLocation, useNavigation } from "react-router";
import { PASSWORD_MIN_LENGTH } from "../../domain/accounts/accounts.ts";
import type {
  ChangeEmailError,
  ChangePasswordError,
  CustomerUpdateError,
  DisconnectIdentityError,
  EmailVerificationRequestError,
  NewsletterPreferenceUpdateError,
} from "../../api/contract.ts";
import { byCode, isApiError } from "../api-client/client.ts";
import { TextField } from "../components/text-field.tsx";
import { readForm } from "../shell/forms.ts";
import type { Route } from "./+types/my-settings";
import { LOCALES } from "../../domain/i18n/locales.ts";
import { LANGUAGE_NAMES } from "../components/language-switcher.tsx";
import { AccountFrame } from "../features/account/account-nav.tsx";
import { requireCustomer } from "../features/account/require-customer.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code (field names are the checkout's).
await Promise.all([loadPageMessages(), loadMessageGroup("browse")]);

export async function loader({ url, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(url, context);
  // Neither the connected logins nor the newsletter is worth failing the page for.
  const [identities, newsletter] = await Promise.all([
    storefront(context).api.identities().then(
      (answer) => answer.identities,
      () => null,
    ),
    storefront(context).api.newsletterPreference().then(
      (answer) => answer.status,
      () => null,
    ),
  ]);
  return { customer, identities, newsletter };
}

type Intent = "profile" | "email" | "password" | "resend" | "disconnect" | "newsletter";
/** What the settings' operations may answer. */
type SettingsError = CustomerUpdateError | ChangeEmailError | ChangePasswordError | NewsletterPreferenceUpdateError | DisconnectIdentityError | EmailVerificationRequestError;
const PROBLEMS: Partial<Record<SettingsError, string>> = {
  PASSWORD_INCORRECT: "account.settings.errors.password",
  EMAIL_UNCHANGED: "account.settings.errors.emailUnchanged",
  MAIL_LIMIT_REACHED: "account.settings.errors.mailLimit",
  EMAIL_ALREADY_VERIFIED: "account.settings.verified",
  LOGIN_TEMPORARILY_LOCKED: "auth.errors.locked",
  LAST_LOGIN_METHOD: "account.settings.social.lastLogin",
  IDENTITY_NOT_FOUND: "account.settings.social.gone",
};

/** Name, e-mail address (confirmed by a link to the new one), password, and the confirmation mail again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const text = (name: string) => String(form.get(name) ?? "").trim();
  try {
    switch (intent) {
      case "profile":
        await storefront(context).api.updateProfile({ firstName: text("firstName") || null, lastName: text("lastName") || null });
        return { intent, done: "account.settings.profileSaved" };
      case "email": {
        const sent = await storefront(context).api.changeEmail({ email: text("email"), password: String(form.get("password") ?? "") });
        return { intent, done: "account.settings.emailSent", email: sent.email };
      }
      case "password":
        await storefront(context).api.changePassword({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") });
        return { intent, done: "account.settings.passwordSaved" };
      case "newsletter": {
        const { status } = await storefront(context).api.newsletterPreference(form.get("subscribed") === "1");
        return { intent, done: `account.settings.newsletter.${status}` };
      }
      case "disconnect":
        await storefront(context).api.disconnectIdentity(text("provider"), text("subject"));
        return { intent, done: "account.settings.social.disconnected" };
      case "resend": {
        const sent = await storefront(context).api.requestEmailVerification();
        return { intent, done: "account.settings.verificationSent", email: sent.email };
      }
      default:
        throw data("Unknown form.", { status: 400 });
    }
  } catch (error) {
    if (!isApiError<SettingsError>(error) || error.status >= 500) throw error;
    return data({ intent, problem: byCode(PROBLEMS, error.code) ?? "account.settings.errors.default" }, { status: error.status });
  }
}

/** The outcome of one of the page's forms, beside that form. */
function Outcome({ result, intent }: { result: { intent: string; done?: string; problem?: string; email?: string } | undefined; intent: Intent }) {
  const { t } = useTranslation();
  if (result?.intent !== intent) return null;
  return result.problem ? (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {t(result.problem, { count: PASSWORD_MIN_LENGTH })}
    </p>
  ) : (
    <p role="status" className="mt-2 text-sm text-green-accent">
      {t(result.done ?? "", { email: result.email ?? "" })}
    </p>
  );
}

/** Settings of the account: the address it signs in with, and its language (shop and mails). */
export default function MySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData as { intent: string; done?: string; problem?: string; email?: string } | undefined;
  const location = useLocation();
  return (
    <AccountFrame title={t("account.settings.title")}>
      {!customer.emailVerified && (
        <Form method="post" className="mt-6 rounded-2xl border-2 border-amber-300 bg-amber-50 p-5" data-testid="verify-nudge">
          <input type="hidden" name="intent" value="resend" />
          <p className="font-semibold">{t("account.settings.unverified", { email: customer.email })}</p>
          <button type="submit" disabled={busy} className="mt-2 text-sm font-semibold text-[var(--accent)] underline">
            {t("account.settings.resend")}
          </button>
          <Outcome result={result} intent="resend" />
        </Form>
      )}
      <Form method="post" className="mt-6 rounded-2xl border border-line p-5">
        <input type="hidden" name="intent" value="profile" />
        <h2 className="text-lg font-bold">{t("account.settings.profile")}</h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField label={t("checkout.address.fields.firstName")} name="firstName" maxLength={100} autoComplete="given-name" defaultValue={customer.firstName ?? ""} />
          <TextField label={t("checkout.address.fields.lastName")} name="lastName" maxLength={100} autoComplete="family-name" defaultValue={customer.lastName ?? ""} />
        </div>
        <button type="submit" disabled={busy} className="mt-3 h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("account.settings.save")}
        </button>
        <Outcome result={result} intent="profile" />
      </Form>
      <Form method="post" id="email" className="mt-6 scroll-mt-24 rounded-2xl border border-line p-5">
        <input type="hidden" name="intent" value="email" />
        <h2 className="text-lg font-bold">{t("account.settings.email")}</h2>
        <p className="mt-1 break-all text-sm text-muted">{t("account.settings.currentEmail", { email: customer.email })}</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField label={t("account.settings.newEmail")} name="email" type="email" required maxLength={254} autoComplete="email" />
          <TextField label={t("auth.password")} name="password" type="password" required maxLength={128} autoComplete="current-password" />
        </div>
        <button type="submit" disabled={busy} className="mt-3 h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("account.settings.changeEmail")}
        </button>
        <Outcome result={result} intent="email" />
      </Form>
      <Form method="post" className="mt-6 rounded-2xl border border-line p-5">
        <input type="hidden" name="intent" value="password" />
        <h2 className="text-lg font-bold">{t("account.settings.password")}</h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField label={t("account.settings.currentPassword")} name="currentPassword" type="password" required maxLength={128} autoComplete="current-password" />
          <TextField
            label={t("account.settings.newPassword")}
            name="newPassword"
            type="password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={128}
            autoComplete="new-password"
            hint={t("auth.passwordHint", { count: PASSWORD_MIN_LENGTH })}
          />
        </div>
        <button type="submit" disabled={busy} className="mt-3 h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("account.settings.changePassword")}
        </button>
        <Outcome result={result} intent="password" />
      </Form>
      <Form method="post" className="mt-6 rounded-2xl border border-line p-5" data-testid="newsletter-preference">
        <input type="hidden" name="intent" value="newsletter" />
        <h2 className="text-lg font-bold">{t("account.settings.newsletter.title")}</h2>
        {loaderData.newsletter === null ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t("account.settings.newsletter.error")}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">{t(`account.settings.newsletter.${loaderData.newsletter}`)}</p>
            <input type="hidden" name="subscribed" value={loaderData.newsletter === "none" ? "1" : "0"} />
            <button type="submit" disabled={busy} className="mt-3 h-11 rounded-full border-2 border-[var(--accent)] px-5 font-semibold text-[var(--accent)] hover:bg-canvas">
              {t(loaderData.newsletter === "none" ? "account.settings.newsletter.subscribe" : "account.settings.newsletter.unsubscribe")}
            </button>
          </>
        )}
        <Outcome result={result} intent="newsletter" />
      </Form>
      <section aria-labelledby="social-title" className="mt-6 rounded-2xl border border-line p-5" data-testid="connected-logins">
        <h2 id="social-title" className="text-lg font-bold">
          {t("account.settings.social.title")}
        </h2>
        {loaderData.identities === null ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t("account.settings.social.error")}
          </p>
        ) : loaderData.identities.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("account.settings.social.empty")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {loaderData.identities.map((identity) => (
              <li key={`${identity.provider}:${identity.subject}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{t(`account.settings.social.providers.${identity.provider}`)}</span>
                  {identity.email && <span className="ml-2 break-all text-sm text-muted">{identity.email}</span>}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="disconnect" />
                  <input type="hidden" name="provider" value={identity.provider} />
                  <input type="hidden" name="subject" value={identity.subject} />
                  <button
                    type="submit"
                    disabled={busy}
                    className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold hover:bg-canvas"
                    aria-label={t("account.settings.social.disconnectLabel", { provider: t(`account.settings.social.providers.${identity.provider}`) })}
                  >
                    {t("account.settings.social.disconnect")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Outcome result={result} intent="disconnect" />
      </section>
      <Form method="post" action="/language" reloadDocument className="mt-6 rounded-2xl border border-line p-5">
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <label htmlFor="account-language" className="block text-lg font-bold">
          {t("account.settings.language")}
        </label>
        <p className="mt-1 text-sm text-muted">{t("account.settings.languageText")}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <select id="account-language" name="locale" defaultValue={customer.locale} className="h-11 rounded-xl border border-line bg-white px-3">
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
          <button type="submit" className="h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)]">
            {t("account.settings.save")}
          </button>
        </div>
      </Form>
    </AccountFrame>
  );
}
