/** PayPal's login popup: its size, how often the opener looks whether it was closed, and when it gives up. */
export const PAYPAL_POPUP = { width: 500, height: 550, pollMs: 1000, maxOpenMs: 30 * 60 * 1000 } as const;
export const PAYPAL_SCOPE = "openid profile email address";
/** Where the opener keeps the state of the login it started (localStorage). */
export const PAYPAL_STATE_KEY = "paypal-login-state";
/** The BroadcastChannel on which the callback page hands code and state to the opener. */
export const PAYPAL_CHANNEL = "paypal-login";

/** What the callback page hands over: PayPal's answer in its URL. */
export interface PaypalCallback {
  code: string | null;
  state: string | null;
  iss: string | null;
}

export type PaypalCallbackCheck = { ok: true; code: string; state: string } | { ok: false; error: string };

/**
 * Whether PayPal's answer belongs to the login this browser started: a code and both states, equal.
 * The messages are the ones of the specification, one per failure.
 */
export function checkPaypalCallback(callback: Pick<PaypalCallback, "code" | "state">, storedState: string | null | undefined): PaypalCallbackCheck {
  const code = callback.code || null;
  const stored = storedState || null;
  const state = callback.state || null;
  if (!code && !stored) return { ok: false, error: "Authorization code and stored state are undefined." };
  if (!code) return { ok: false, error: "Authorization code is undefined." };
  if (!stored) return { ok: false, error: "Stored state is undefined." };
  if (!state) return { ok: false, error: "Paypal state is undefined." };
  if (state !== stored) return { ok: false, error: "Paypal state and stored state are not equal." };
  return { ok: true, code, state };
}

/** The popup's window features, centred over the opener. */
export function paypalPopupFeatures(opener: { screenX: number; screenY: number; outerWidth: number; outerHeight: number }): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - PAYPAL_POPUP.width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - PAYPAL_POPUP.height) / 2));
  return `popup=yes,width=${PAYPAL_POPUP.width},height=${PAYPAL_POPUP.height},left=${left},top=${top}`;
}
