import { useEffect, useState, type FormEvent } from "react";
import { Link, useSubmit } from "react-router";
import type { LoginError, SocialLoginProviders } from "../../../api/contract.ts";
import { formatPendingAction, type PendingAction } from "../../../domain/accounts/pending-action.ts";
import { browserApi } from "../../api-client/browser.ts";
import { isApiError } from "../../api-client/client.ts";
import { TextField } from "../../components/text-field.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { loadPageMessages } from "../../i18n/client-messages.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { loginProblems, type LoginProblems } from "./login-problems.ts";
import { SocialLogin } from "./social-login.tsx";

// The login texts are page texts: they arrive with this code, loaded when an action first needs a login.
await loadPageMessages();

/**
 * The login over the page, for an action that needs one (a wish, an alert, a review): a real
 * dialog. The action is remembered and runs right after a
 * successful login, by password here or at a social provider (the login page's action runs it and
 * goes on to `next` with the toasts). A refusal shows in the dialog, with what was typed.
 */
export default function LoginModal({ then, next, onClose }: { then: PendingAction | null; next: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<SocialLoginProviders>({ providers: [] });
  const submit = useSubmit();
  const [problems, setProblems] = useState<LoginProblems | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = then && formatPendingAction(then);

  useEffect(() => {
    void browserApi.socialLoginProviders().then(setOffer, () => setOffer({ providers: [] }));
  }, []);

  async function logIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await browserApi.login({ credentials: { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") } });
      await submit({ intent: "signed-in", next, then: pending ?? "" }, { method: "post", action: "/auth" });
    } catch (error) {
      setProblems(isApiError<LoginError>(error) && error.status < 500 ? loginProblems(error.errors) : { fields: {}, form: "auth.errors.default" });
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} testId="login-modal" title={t("auth.login.title")} description={t("loginModal.text")} closeLabel={t("loginModal.close")}>
      <SocialLogin offer={offer} target={next} then={pending} />
      <form onSubmit={(event) => void logIn(event)} className="mt-4 space-y-4" aria-describedby={problems?.form ? "login-modal-error" : undefined}>
        {problems?.form && (
          <p id="login-modal-error" role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            {t(problems.form)}
          </p>
        )}
        <TextField label={t("auth.email")} name="email" type="email" required maxLength={254} autoComplete="username" error={problems?.fields.email && t(problems.fields.email)} />
        <TextField
          label={t("auth.password")}
          name="password"
          type="password"
          required
          maxLength={128}
          autoComplete="current-password"
          error={problems?.fields.password && t(problems.fields.password)}
        />
        <button type="submit" disabled={busy} className="h-11 w-full rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)] disabled:opacity-60">
          {busy ? t("auth.sending") : t("auth.login.submit")}
        </button>
      </form>
      <p className="mt-4 text-center text-sm">
        {/* Registering, a forgotten password: the full page, which keeps the action too. */}
        <Link to={`/auth?${new URLSearchParams({ next, ...(pending ? { then: pending } : {}) })}`} className="text-[var(--accent)] underline" reloadDocument>
          {t("loginModal.more")}
        </Link>
      </p>
    </Dialog>
  );
}
