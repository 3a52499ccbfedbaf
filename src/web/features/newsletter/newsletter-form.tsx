import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/i18n.tsx";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { browserApi } from "../../api-client/browser.ts";
import { track } from "../../shell/analytics.ts";
import { toast } from "../../shell/toasts/store.ts";

/**
 * Footer signup with double opt-in: success means "check your inbox". With JavaScript the API is
 * called directly (its interceptors apply); without, the form posts to the /newsletter action.
 */
export function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Marks the form as interactive (it hydrates after the page), for tests and monitoring.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setBusy(true);
    try {
      await browserApi.newsletterSubscribe({ email, source: "footer", subscriptionType: "general", locale: resolveLocale(i18n.language) });
      toast({ title: "", message: "newsletter.flash.success", variant: "success" });
      track({ name: "newsletter_signup", source: "footer" });
      form.reset();
    } catch {
      // What was typed stays in the field, to correct it.
      toast({ title: "", message: "newsletter.flash.error.default", variant: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="text-base font-bold">
        {t("newsletter.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("newsletter.text")}</p>
      <form method="post" action="/newsletter" onSubmit={submit} data-ready={ready ? "" : undefined} className="mt-3 flex max-w-lg gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          {t("newsletter.emailLabel")}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={t("newsletter.emailLabel")}
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white px-4"
        />
        <button type="submit" disabled={busy} className="h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white hover:bg-[var(--accent-dark)] disabled:opacity-60">
          {busy ? t("newsletter.sending") : t("newsletter.submit")}
        </button>
      </form>
    </section>
  );
}
