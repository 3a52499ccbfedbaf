/** Cookie consent: necessary is always granted; the rest only by choice. */
export const CONSENT_CATEGORIES = ["necessary", "preferences", "statistics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentState = Record<ConsentCategory, boolean> & { decided: boolean };

export const UNDECIDED: ConsentState = { necessary: true, preferences: false, statistics: false, marketing: false, decided: false };

export type ConsentEvent =
  | { type: "accept"; categories: Partial<Record<ConsentCategory, boolean>> }
  | { type: "acceptAll" }
  | { type: "reject" }
  | { type: "loaded"; stored: string | null | undefined };

export function applyConsentEvent(state: ConsentState, event: ConsentEvent): ConsentState {
  switch (event.type) {
    case "acceptAll":
      return { necessary: true, preferences: true, statistics: true, marketing: true, decided: true };
    case "reject":
      return { ...UNDECIDED, decided: true };
    case "accept":
      return {
        necessary: true,
        preferences: event.categories.preferences ?? false,
        statistics: event.categories.statistics ?? false,
        marketing: event.categories.marketing ?? false,
        decided: true,
      };
    case "loaded":
      return parseConsent(event.stored) ?? state;
  }
}

/** The cookie value: the granted categories, e.g. "necessary,statistics". */
export function serializeConsent(state: ConsentState): string {
  return CONSENT_CATEGORIES.filter((c) => state[c]).join(",");
}

export function parseConsent(value: string | null | undefined): ConsentState | undefined {
  if (value === null || value === undefined) return undefined;
  const granted = new Set(decodeURIComponent(value).split(","));
  return {
    necessary: true,
    preferences: granted.has("preferences"),
    statistics: granted.has("statistics"),
    marketing: granted.has("marketing"),
    decided: true,
  };
}
