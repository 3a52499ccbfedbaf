import { useSyncExternalStore } from "react";
import { applyConsentEvent, serializeConsent, UNDECIDED, type ConsentEvent, type ConsentState } from "../../../domain/shell/consent.ts";

/** The consent choice lives in the `reloop-consent` cookie for a year (necessary, so allowed before consent). */
const MAX_AGE = 365 * 24 * 60 * 60;
let state: ConsentState = UNDECIDED;
let cookieName = "reloop-consent";
const listeners = new Set<(state: ConsentState) => void>();

/** Called once on hydration with what the server read from the cookie ("loaded" event). */
export function initConsent(productName: string, stored: string | null): void {
  cookieName = `${productName}-consent`;
  state = applyConsentEvent(UNDECIDED, { type: "loaded", stored });
}

export function dispatchConsent(event: ConsentEvent): void {
  state = applyConsentEvent(state, event);
  if (state.decided && typeof document !== "undefined") {
    document.cookie = `${cookieName}=${encodeURIComponent(serializeConsent(state))}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax`;
  }
  listeners.forEach((l) => l(state));
}

export function currentConsent(): ConsentState {
  return state;
}

export function onConsentChange(listener: (state: ConsentState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsent(serverState: ConsentState): ConsentState {
  return useSyncExternalStore(
    (l) => onConsentChange(l),
    () => state,
    () => serverState,
  );
}
