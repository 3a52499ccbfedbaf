import { useEffect } from "react";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { handPaypalAnswerToOpener } from "../shell/login/paypal-login.ts";
import { useTranslation } from "../i18n/i18n.tsx";

await loadPageMessages();

/** PayPal's redirect URI, opened in the login popup: hands code and state to the opener and closes. */
export default function PaypalCallback() {
  const { t } = useTranslation();
  useEffect(() => handPaypalAnswerToOpener(window.location.search), []);
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <title>{t("socialLogin.paypal")}</title>
      <meta name="robots" content="noindex" />
      <p role="status">{t("socialLogin.paypalDone")}</p>
    </main>
  );
}
