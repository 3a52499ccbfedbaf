import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { useSearchParams } from "react-router";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

/** Shown after too many requests: one button, and the visitor is back where they were. */
export default function Verify() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{t("verify.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("verify.title")}</h1>
      <p className="mt-2 text-muted">{t("verify.text")}</p>
      <form method="post" action="/api/verification" className="mt-8">
        <input type="hidden" name="next" value={safeRedirectTarget(params.get("next"))} />
        <button type="submit" className="rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("verify.confirm")}
        </button>
      </form>
    </div>
  );
}
