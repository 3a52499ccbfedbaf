import { Suspense, useEffect, useRef, useState } from "react";
import { Await, Link } from "react-router";
import type { RecommendationParams, RecommendationView } from "../../../api/contract.ts";
import { browserApi } from "../../api-client/browser.ts";
import { ProductTile } from "../../components/product-tile.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { currentConsent } from "../../shell/consent/store.ts";

/** Events go as beacons: they never delay the page, and they survive a click that navigates away. */
function beacon(path: string, body: unknown): void {
  navigator.sendBeacon?.(path, new Blob([JSON.stringify(body)], { type: "application/json" }));
}

/** Feedback on every slot; personalisation events only with marketing consent. */
function report(view: RecommendationView, slot: string, productId: number, action: "impression" | "click"): void {
  beacon("/api/recommendations/feedback", { recommendationId: view.recommendationId, productId, action });
  if (currentConsent().marketing) {
    beacon("/api/salesforce/events", { type: action === "click" ? "Click" : "Impression", contentfulId: slot, experienceId: view.type, userGroup: view.fallbackUsed ? "fallback" : "primary" });
  }
}

export function SlotRow({ view, slot, title, productId }: { view: RecommendationView; slot: string; title: string; productId?: number }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (!element || view.items.length === 0) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      report(view, slot, view.items[0]!.id, "impression");
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [view, slot]);
  if (view.items.length === 0) return null;
  return (
    <section aria-label={title} className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="text-lg font-bold">{title}</h2>
        {/* Recently viewed lives in this browser only: there is no page of it to link to. */}
        {view.type !== "recently_viewed" && (
          <Link to={`/recommendations/${view.type}${productId ? `?productId=${productId}` : ""}`} className="text-sm font-semibold text-[var(--accent)] underline">
            {t("recommendations.all")}
          </Link>
        )}
      </div>
      <ul ref={list} className="mt-3 flex snap-x gap-3 overflow-x-auto pb-2">
        {view.items.map((p) => (
          <li key={p.id} className="w-40 shrink-0 snap-start">
            <ProductTile product={p} layout="tile" onClick={() => report(view, slot, p.id, "click")} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const SlotSkeleton = () => <div className="skeleton mt-10 h-70 rounded-xl noscript:hidden" aria-hidden="true" data-testid="slot-loading" />;

/**
 * A slot the browser asks for once the page is there, for pages rendered for one visitor: what it
 * shows is the same for everyone, so it costs no render of its own on the server. Loading: a
 * skeleton of the slot's place (none without JavaScript); empty or failed: nothing.
 */
export function BrowserRecommendationSlot({ request, slot, title }: { request: RecommendationParams; slot: string; title: string }) {
  const key = JSON.stringify(request);
  const [answer, setAnswer] = useState<{ key: string; view: RecommendationView | null } | null>(null);
  useEffect(() => {
    let current = true;
    browserApi.recommendations(JSON.parse(key) as RecommendationParams).then(
      (view) => current && setAnswer({ key, view }),
      () => current && setAnswer({ key, view: null }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  // Until this request's answer is in (also when the request changed), its place is held.
  if (answer?.key !== key) return <SlotSkeleton />;
  return answer.view ? <SlotRow view={answer.view} slot={slot} title={title} productId={request.productId} /> : null;
}

/** A recommendation slot that streams in after the page's critical content. */
export function RecommendationSlot({ view, slot, title, productId }: { view: Promise<RecommendationView | null>; slot: string; title: string; productId?: number }) {
  return (
    <Suspense fallback={<SlotSkeleton />}>
      <Await resolve={view} errorElement={null}>
        {(v) => (v ? <SlotRow view={v} slot={slot} title={title} productId={productId} /> : null)}
      </Await>
    </Suspense>
  );
}
