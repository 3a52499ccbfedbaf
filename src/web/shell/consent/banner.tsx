import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { CONSENT_CATEGORIES, parseConsent, UNDECIDED, type ConsentCategory } from "./consent.ts";
import { serializeConsentCookie } from "../cookies.ts";
import { dispatchConsent, setConsentCookieWriter, useConsent } from "./store.ts";
import { Dialog, DialogCloseButton } from "../../components/dialog.tsx";

// Decisions are taken here: the store writes them with this (kept off the first load, see store.ts).
setConsentCookieWriter(serializeConsentCookie);

/** First layer: accept all, reject all, or choose per category in a dialog. Shown until decided. */
export function ConsentBanner({ stored }: { stored: string | null }) {
  const { t } = useTranslation();
  const consent = useConsent(parseConsent(stored) ?? UNDECIDED);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [choice, setChoice] = useState<Record<ConsentCategory, boolean>>({ necessary: true, preferences: false, statistics: false, marketing: false });
  const location = useLocation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (consent.decided) return null;
  const button = "rounded-full px-5 py-2.5 text-sm font-semibold";
  return (
    <section aria-labelledby="consent-title" data-ready={ready ? "" : undefined} className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white p-4 shadow-[0_-8px_24px_rgba(0,0,0,0.08)]">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
        <div className="flex-1">
          <h2 id="consent-title" className="font-bold">{t("consent.title")}</h2>
          <p className="mt-1 text-sm text-muted">{t("consent.text")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${button} border border-line hover:bg-canvas`} onClick={() => setSettingsOpen(true)}>
            {t("consent.settings")}
          </button>
          <button type="submit" form="consent-choice" name="choice" value="reject" className={`${button} border border-ink hover:bg-canvas`} onClick={(e) => { e.preventDefault(); dispatchConsent({ type: "reject" }); }}>
            {t("consent.rejectAll")}
          </button>
          <button type="submit" form="consent-choice" name="choice" value="acceptAll" className={`${button} bg-[var(--accent)] text-white hover:bg-[var(--accent-dark)]`} onClick={(e) => { e.preventDefault(); dispatchConsent({ type: "acceptAll" }); }}>
            {t("consent.acceptAll")}
          </button>
        </div>
      </div>
      {/* Before the banner's script has run (or without JavaScript), the two choices post here. */}
      <form id="consent-choice" method="post" action="/consent" hidden>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      </form>
      <Dialog open={settingsOpen} onClose={() => setSettingsOpen(false)} title={t("consent.settingsTitle")} width="lg">
        <form method="dialog" onSubmit={() => dispatchConsent({ type: "accept", categories: choice })}>
          <ul className="mt-4 space-y-3">
            {CONSENT_CATEGORIES.map((category) => (
              <li key={category}>
                <label className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 h-4 w-4 accent-[var(--accent)]"
                    name={category}
                    checked={choice[category]}
                    disabled={category === "necessary"}
                    onChange={(e) => setChoice({ ...choice, [category]: e.currentTarget.checked })}
                  />
                  <span>
                    <span className="font-semibold">{t(`consent.categories.${category}.name`)}</span>
                    <span className="block text-sm text-muted">{t(`consent.categories.${category}.text`)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-end gap-2">
            <DialogCloseButton className={`${button} border border-line`}>{t("consent.cancel")}</DialogCloseButton>
            <button type="submit" className={`${button} bg-[var(--accent)] text-white`}>
              {t("consent.save")}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
