import { lazy, Suspense } from "react";
import { withDeferredMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { Link } from "react-router";
import { resolveLocale, type Locale } from "../../domain/i18n/locales.ts";
import { BUY_PREFIX, categoryHref, SELL_PREFIX, sellSearchHref } from "../../domain/routing/paths.ts";
import type { NavigationNode } from "../../api/contract.ts";
import { BLOG_PATH, FOOTER_PAGES, LEGAL_DOCUMENT_TYPES, legalHref } from "../../domain/content/content.ts";

// Below the fold and only needed on interaction: its code (and the API client's) loads after the page.
const NewsletterForm = lazy(withDeferredMessages(() => import("../features/newsletter/newsletter-form.tsx").then((m) => ({ default: m.NewsletterForm }))));
const PROMISES = ["warranty", "tested", "returns", "shipping"] as const;

function FooterBottom({ productName }: { productName: string }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const link = "hover:text-ink hover:underline";
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted md:flex-row md:items-center md:justify-between">
      <p>{t("footer.copyright", { year: 2026, product: productName })}</p>
      <nav aria-label={t("footer.links.label")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          <li>
            <Link to={sellSearchHref(locale)} className={link}>
              {t("footer.links.sell")}
            </Link>
          </li>
          <li>
            <Link to={`/${BUY_PREFIX[locale]}/top-produkte/1-1000`} className={link}>
              {t("footer.links.topProducts")}
            </Link>
          </li>
          <li>
            <Link to={`/${SELL_PREFIX[locale]}/top-produkte/1-1000`} className={link}>
              {t("footer.links.topSell")}
            </Link>
          </li>
          <li>
            <Link to={BLOG_PATH} className={link}>
              {t("footer.content.blog")}
            </Link>
          </li>
          <li>
            <Link to="/warranty" className={link}>
              {t("footer.content.warranty")}
            </Link>
          </li>
          {FOOTER_PAGES.map((key) => (
            <li key={key}>
              <Link to={`/s/${key}`} className={link}>
                {t(`footer.content.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("footer.content.legal")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {LEGAL_DOCUMENT_TYPES.map((type) => (
            <li key={type}>
              <Link to={legalHref(type)} className={link}>
                {t(`footer.content.${type}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t("footer.vatNote")}</p>
    </div>
  );
}

/** Long footer of the default layout: our promises and the catalogue's top categories. */
export function LongFooter({ locale, productName, categories }: { locale: Locale; productName: string; categories: NavigationNode[] }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-line bg-canvas">
      <div className="mx-auto max-w-7xl px-4 pt-10">
        <Suspense fallback={<div className="h-28" />}>
          <NewsletterForm />
        </Suspense>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-4">
        <section className="md:col-span-2">
          <h2 className="text-base font-bold">{t("footer.promises.title", { product: productName })}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {PROMISES.map((key) => (
              <li key={key} className="rounded-xl bg-white p-4 shadow-sm">
                <p className="font-semibold">{t(`footer.promises.${key}.title`)}</p>
                <p className="mt-1 text-sm text-muted">{t(`footer.promises.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        {categories.map((root) => (
          <nav key={root.id} aria-label={root.name}>
            <h2 className="text-base font-bold">
              <Link to={categoryHref(locale, root.path)} className="hover:underline">
                {root.name}
              </Link>
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {root.children.map((c) => (
                <li key={c.id}>
                  <Link to={categoryHref(locale, c.path)} className="text-muted hover:text-ink hover:underline">
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <FooterBottom productName={productName} />
      </div>
    </footer>
  );
}

/** Minimal footer: for pages where the visitor should stay on task. */
export function MinimalFooter({ productName }: { productName: string }) {
  return (
    <footer className="mt-16 border-t border-line bg-canvas">
      <FooterBottom productName={productName} />
    </footer>
  );
}
