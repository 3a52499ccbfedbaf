import { useSyncExternalStore } from "react";
import { applyConsentEvent, UNDECIDED, type ConsentEvent, type ConsentState } from "./consent.ts";

/** Writes the consent cookie's Set-Cookie text (shell/cookies.ts, through the cookie package). */
type ConsentCookieWriter = (productName: string, state: ConsentState, secure: boolean) => string;
let writeCookie: ConsentCookieWriter | undefined;

/**
 * The banner, the only place a decision is taken in the browser, hands in the cookie writer with
 * its own code: the writer and the cookie package behind it stay off every page's first load,
 * and the decision is still written at once, before the visitor can leave the page.
 */
export function setConsentCookieWriter(writer: ConsentCookieWriter): void {
  writeCookie = writer;
}

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
  if (state.decided && typeof document !== "undefined" && writeCookie) {
    document.cookie = writeCookie(productName, state, location.protocol === "https:");
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
