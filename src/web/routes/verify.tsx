import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { safeRedirectTarget } from "../../domain/routing/redirects.ts";
import { CHALLENGE_TTL_MS } from "../../domain/protection/verification.ts";
import { solveChallenge, type SolvedChallenge } from "../shell/proof-of-work.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

/** Solved challenges older than this are solved again before posting, so the post never arrives expired. */
const RESOLVE_AFTER_MS = CHALLENGE_TTL_MS - 60_000;

/**
 * Shown after too many requests: the browser solves a small proof of work, then one button and the
 * visitor is back where they were.
 */
export default function Verify() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [solved, setSolved] = useState<SolvedChallenge | null>(null);
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setSolved(null);
    solveChallenge(controller.signal).then(setSolved, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{t("verify.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-extrabold">{t("verify.title")}</h1>
      <p className="mt-2 text-muted">{t("verify.text")}</p>
      <form
        ref={form}
        method="post"
        action="/api/verification"
        className="mt-8"
        onSubmit={(event) => {
          if (solved && Date.now() - solved.solvedAt < RESOLVE_AFTER_MS) return;
          event.preventDefault();
          setAttempt((n) => n + 1);
        }}
      >
        <input type="hidden" name="next" value={safeRedirectTarget(params.get("next"))} />
        <input type="hidden" name="challenge" value={solved?.challenge ?? ""} />
        <input type="hidden" name="solution" value={solved?.solution ?? ""} />
        <button
          type="submit"
          disabled={!solved}
          aria-describedby="verify-status"
          className="rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)] disabled:cursor-wait disabled:opacity-60"
        >
          {t("verify.confirm")}
        </button>
        <p id="verify-status" role="status" className="mt-4 min-h-6 text-sm text-muted">
          {failed ? t("verify.failed") : solved ? "" : t("verify.checking")}
        </p>
        <noscript>
          <p className="mt-2 text-sm">{t("verify.noscript")}</p>
        </noscript>
      </form>
    </div>
  );
}
