import { useSyncExternalStore } from "react";
import { applyConsentEvent, UNDECIDED, type ConsentEvent, type ConsentState } from "../../../domain/shell/consent.ts";
import { serializeConsentCookie } from "../cookies.ts";

let state: ConsentState = UNDECIDED;
let productName = "reloop";
const listeners = new Set<(state: ConsentState) => void>();

/** Called once on hydration with what the server read from the cookie ("loaded" event). */
export function initConsent(name: string, stored: string | null): void {
  productName = name;
  state = applyConsentEvent(UNDECIDED, { type: "loaded", stored });
}

export function dispatchConsent(event: ConsentEvent): void {
  state = applyConsentEvent(state, event);
  if (state.decided && typeof document !== "undefined") {
    document.cookie = serializeConsentCookie(productName, state, location.protocol === "https:");
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
