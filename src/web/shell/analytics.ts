import { toDataLayerEntry, type AnalyticsEvent } from "./analytics-events.ts";
import { currentConsent } from "./consent/store.ts";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The typed event bus: events reach the dataLayer only with statistics consent; nothing is queued before it. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  const entry = toDataLayerEntry(event, currentConsent());
  if (!entry) return;
  (window.dataLayer ??= []).push(entry);
}
