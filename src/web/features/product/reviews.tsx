import { Suspense, useEffect, useState, type MouseEvent } from "react";
import { Await, Link, useLocation } from "react-router";
import type { ApiClient } from "../../api-client/client.ts";
import { formatDate } from "../../../domain/dates.ts";
import { formatDecimal } from "../../../domain/money.ts";
import { parseProductRef } from "../../../domain/routing/paths.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { useLoginDialog } from "../../shell/login/login-dialog.tsx";

// The API's answer as the client types it: the web side reads API contracts, not route files.
type ReviewList = Awaited<ReturnType<ApiClient["reviews"]>>;

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="text-amber-500">
      {"★".repeat(Math.round(rating))}
      <span className="text-line">{"★".repeat(5 - Math.round(rating))}</span>
    </span>
  );
}

function ReviewsBody({ list }: { list: ReviewList }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page === 1) params.delete("reviewsPage");
    else params.set("reviewsPage", String(page));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}#reviews`;
  };
  if (list.summary.count === 0) return <p className="mt-2 text-muted">{t("reviews.empty")}</p>;
  return (
    <div className="mt-3 grid grid-cols-1 gap-8 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div>
        <p className="text-4xl font-extrabold">{list.summary.average === null ? null : formatDecimal(list.summary.average, i18n.language)}</p>
        <Stars rating={list.summary.average ?? 0} label={t("reviews.stars", { rating: list.summary.average ?? 0 })} />
        <p className="text-sm text-muted">{t("reviews.count", { count: list.summary.count })}</p>
        <ul className="mt-3 space-y-1 text-sm">
          {list.summary.distribution.map((d) => (
            <li key={d.rating} className="flex items-center gap-2">
              <span className="w-6">{d.rating}★</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-canvas">
                <span className="block h-full bg-amber-400" style={{ width: `${(d.count / list.summary.count) * 100}%` }} />
              </span>
              <span className="w-6 text-right text-muted">{d.count}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <ul className="divide-y divide-line" aria-label={t("reviews.title")}>
          {list.items.map((r) => (
            <li key={r.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Stars rating={r.rating} label={t("reviews.stars", { rating: r.rating })} />
                <span className="font-semibold">{r.author}</span>
                <span className="text-muted">{formatDate(r.date, i18n.language, "medium")}</span>
                {r.verifiedPurchase && <span className="rounded-full bg-canvas px-2 py-0.5 text-xs">{t("reviews.verified")}</span>}
                {r.variant && <span className="text-xs text-muted">{t(`grades.${r.variant}.name`)}</span>}
              </div>
              {r.title && (
                <p lang={r.locale} className="mt-1 font-semibold">
                  {r.title}
                </p>
              )}
              <p lang={r.locale} className="mt-1">{r.text}</p>
            </li>
          ))}
        </ul>
        {list.totalPages > 1 && (
          <nav aria-label={t("reviews.pages")} className="mt-2 flex items-center gap-3 text-sm">
            {list.page > 1 && <Link to={pageHref(list.page - 1)} preventScrollReset className="rounded-full border border-line px-4 py-2 font-semibold">{t("pagination.previous")}</Link>}
            <span className="text-muted">{t("pagination.status", { page: list.page, totalPages: list.totalPages })}</span>
            {list.page < list.totalPages && <Link to={pageHref(list.page + 1)} preventScrollReset className="rounded-full border border-line px-4 py-2 font-semibold">{t("pagination.next")}</Link>}
          </nav>
        )}
      </div>
    </div>
  );
}

/** Reviews stream in after the critical content, like the description. */
export function ProductReviews({ reviews, signedIn }: { reviews: Promise<ReviewList | null>; signedIn: boolean }) {
  const { t } = useTranslation();
  // The product is the page's: its address names it.
  const product = parseProductRef(useLocation().pathname.slice(1));
  const write = product && `/write-review/${product.id}/${product.slug}`;
  // A visitor logs in over the page and then goes on to the form; without JavaScript the form's page sends them to /auth.
  const login = useLoginDialog(signedIn);
  const onWrite = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window is the browser's, not ours.
    if (write && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) login.intercept(event, null, write);
  };
  // Tells tests the handler is in place: before, the link goes the plain way.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-10 scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-lg font-bold">{t("reviews.title")}</h2>
        {write && (
          <Link to={write} onClick={onWrite} data-ready={ready || undefined} className="text-sm font-semibold text-[var(--accent)] underline">
            {t("reviews.write")}
          </Link>
        )}
      </div>
      {login.dialog}
      <Suspense fallback={<div className="skeleton mt-3 h-32 rounded-xl" aria-hidden="true" />}>
        <Await resolve={reviews} errorElement={<p className="mt-2 text-muted">{t("reviews.error")}</p>}>
          {(list) => (list ? <ReviewsBody list={list} /> : <p className="mt-2 text-muted">{t("reviews.error")}</p>)}
        </Await>
      </Suspense>
    </section>
  );
}
