import type { SocialLoginProviders } from "../../../api/contract.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { FacebookLoginButton } from "./facebook-button.tsx";
import { PaypalLoginButton } from "./paypal-button.tsx";

/**
 * One link per configured redirect provider (the API's start address leads to the provider and back,
 * keeping the target and the pending action), PayPal's popup, and Facebook's SDK when Facebook
 * login is offered.
 */
export function SocialLogin({ offer, target, then }: { offer: SocialLoginProviders; target: string; then: string | null }) {
  const { t } = useTranslation();
  const { providers, facebook } = offer;
  const redirecting = providers.filter((provider) => provider === "google" || provider === "apple");
  if (redirecting.length === 0 && !providers.includes("paypal") && !facebook) return null;
  return (
    <div className="mt-4 space-y-3">
      {providers.includes("paypal") && <PaypalLoginButton target={target} then={then} />}
      {facebook && <FacebookLoginButton facebook={facebook} target={target} then={then} />}
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
