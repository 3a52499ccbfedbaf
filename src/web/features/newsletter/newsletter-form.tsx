import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { track } from "../analytics/track.ts";
import { toast } from "../toasts/store.ts";
import type { action } from "../../routes/newsletter.tsx";

/** Footer signup: double opt-in, so success means "check your inbox". */
export function NewsletterForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast({ title: "", message: "newsletter.flash.success", variant: "success" });
      track({ name: "newsletter_signup", source: "footer" });
      form.current?.reset();
    } else {
      toast({ title: "", message: "newsletter.flash.error.default", variant: "error" });
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <section aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="text-base font-bold">
        {t("newsletter.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("newsletter.text")}</p>
      <fetcher.Form ref={form} method="post" action="/newsletter" className="mt-3 flex gap-2">
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
      </fetcher.Form>
    </section>
  );
}
