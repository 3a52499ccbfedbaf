import { useState } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { useContinueAfterLogin } from "./after-popup-login.ts";
import { loadFacebookSdk, loginWithFacebook, type FacebookSettings } from "./facebook-login.ts";

/**
 * "Continue with Facebook": Facebook's SDK arrives when the visitor reaches for the button (not
 * with the page), its popup asks for the e-mail permission, and the API checks the token with
 * Facebook. A failure shows beside the button and leaves the visitor signed out.
 */
export function FacebookLoginButton({ facebook, target, then }: { facebook: FacebookSettings; target: string; then: string | null }) {
  const { t } = useTranslation();
  const continueSignedIn = useContinueAfterLogin(target, then);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Pointing at the button or tabbing to it starts the download, so the popup opens close to the click.
  const preload = () => void loadFacebookSdk(facebook).catch(() => undefined);
  async function start() {
    setBusy(true);
    setError(null);
    const problem = await loginWithFacebook(facebook);
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    await continueSignedIn();
    setBusy(false);
  }
  return (
    <div>
      <button
        type="button"
        onClick={() => void start()}
        onPointerEnter={preload}
        onFocus={preload}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={error ? "facebook-login-error" : undefined}
        className="flex h-11 w-full items-center justify-center rounded-full border border-line px-5 font-semibold hover:bg-canvas disabled:opacity-60"
        data-testid="social-login-facebook"
      >
        {t("socialLogin.facebook")}
      </button>
      {error && (
        <p id="facebook-login-error" role="alert" className="mt-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="facebook-login-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
