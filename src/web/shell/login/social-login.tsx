import { useTranslation } from "../../i18n/i18n.tsx";
import { PaypalLoginButton } from "./paypal-button.tsx";

/**
 * One link per configured redirect provider (the API's start address leads to the provider and back,
 * keeping the target and the pending action), and PayPal's popup.
 */
export function SocialLogin({ providers, target, then }: { providers: readonly string[]; target: string; then: string | null }) {
  const { t } = useTranslation();
  const redirecting = providers.filter((provider) => provider === "google" || provider === "apple");
  if (redirecting.length === 0 && !providers.includes("paypal")) return null;
  return (
    <div className="mt-4 space-y-3">
      {providers.includes("paypal") && <PaypalLoginButton target={target} then={then} />}
      {redirecting.map((provider) => (
        <a
          key={provider}
          href={`/api/sign-in/${provider}/start?${new URLSearchParams({ next: target, ...(then ? { then } : {}) })}`}
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
