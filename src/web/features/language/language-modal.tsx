import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { Form, useLocation } from "react-router";
import { LOCALES, MODAL_PRESELECTED_LOCALE } from "../../../domain/i18n/locales.ts";
import { LANGUAGE_NAMES } from "../../components/language-switcher.tsx";
import { currentConsent, useConsent } from "../../shell/consent/store.ts";
import { Dialog } from "../../components/dialog.tsx";

/** Opens by itself 6000 ms after the page starts when no language was ever chosen (and not before the consent banner is answered). */
export const LANGUAGE_MODAL_DELAY_MS = 6000;

export default function LanguageModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Never together with the consent banner (a modal dialog makes the banner unusable): after it is decided.
  const consentDecided = useConsent(currentConsent()).decided;
  useEffect(() => {
    if (!consentDecided) return;
    // Counted from the page's start, not from when this deferred chunk arrived.
    const timer = setTimeout(() => setOpen(true), Math.max(0, LANGUAGE_MODAL_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [consentDecided]);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t("languageModal.title")} description={t("languageModal.text")} width="sm">
      <Form method="post" action="/language" reloadDocument>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <fieldset className="mt-4 grid grid-cols-2 gap-2">
          <legend className="sr-only">{t("header.language")}</legend>
          {LOCALES.map((l) => (
            <label key={l} lang={l} className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 has-[:checked]:border-[var(--accent)] has-[:checked]:ring-2 has-[:checked]:ring-[var(--accent)]">
              <input type="radio" name="locale" value={l} defaultChecked={l === MODAL_PRESELECTED_LOCALE} className="accent-[var(--accent)]" />
              {LANGUAGE_NAMES[l]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="mt-6 w-full rounded-full bg-[var(--accent)] px-5 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {t("languageModal.confirm")}
        </button>
      </Form>
    </Dialog>
  );
}
