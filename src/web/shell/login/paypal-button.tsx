import { useState } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { toast } from "../../shell/toasts/store.ts";
import { useContinueAfterLogin } from "./after-popup-login.ts";
import { loginWithPaypal } from "./paypal-login.ts";

/**
 * "Continue with PayPal": the login in a popup; then the login page's action runs the pending
 * action and goes on to the target with the toasts. `express` is PayPal express (the checkout's
 * quick way in): the same without the success toast.
 */
export function PaypalLoginButton({ target, then, express = false }: { target: string; then: string | null; express?: boolean }) {
  const { t } = useTranslation();
  const continueSignedIn = useContinueAfterLogin(target, then, express);
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      if ((await loginWithPaypal()) === "cancelled") return;
      await continueSignedIn();
    } catch (error) {
      toast({ title: "", message: "loginComponent.error.api.default", variant: "error" });
      // Reported like an uncaught error: the page's error reporting listens for these.
      window.dispatchEvent(new ErrorEvent("error", { error, message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={busy}
      aria-busy={busy}
      className="flex h-11 w-full items-center justify-center rounded-full border border-line px-5 font-semibold hover:bg-canvas disabled:opacity-60"
      data-testid={express ? "paypal-express" : "social-login-paypal"}
    >
      {t(express ? "socialLogin.paypalExpress" : "socialLogin.paypal")}
    </button>
  );
}
