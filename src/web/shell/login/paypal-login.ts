import { browserApi } from "../../api-client/browser.ts";
import { checkPaypalCallback, PAYPAL_CHANNEL, PAYPAL_POPUP, PAYPAL_STATE_KEY, paypalPopupFeatures, type PaypalCallback } from "../../../domain/accounts/paypal-login.ts";

const textOrNull = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/**
 * Waits for the callback page's message while the popup is open: looked at every second, closed
 * after 30 minutes. Null when the customer closed it (or it ran out) without an answer.
 */
function awaitCallback(popup: Window): Promise<PaypalCallback | null> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(PAYPAL_CHANNEL);
    const openedAt = Date.now();
    let done = false;
    const finish = (answer: PaypalCallback | null) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      channel.close();
      resolve(answer);
    };
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = (event.data ?? {}) as Record<string, unknown>;
      finish({ code: textOrNull(data.code), state: textOrNull(data.state), iss: textOrNull(data.iss) });
    };
    const timer = setInterval(() => {
      if (Date.now() - openedAt >= PAYPAL_POPUP.maxOpenMs) {
        popup.close();
        finish(null);
      } else if (popup.closed) {
        // The callback page closes itself right after posting: its message may still be on the way.
        clearInterval(timer);
        setTimeout(() => finish(null), PAYPAL_POPUP.pollMs);
      }
    }, PAYPAL_POPUP.pollMs);
  });
}

/**
 * Logs in with PayPal in a popup: the state of the started login is kept in localStorage, the
 * callback page hands code and state over a BroadcastChannel, the states are compared, the login
 * is completed by the API, and the stored state is removed. "cancelled" when the popup was closed.
 * Must be called from the click itself, or the browser blocks the popup.
 */
export async function loginWithPaypal(): Promise<"signed-in" | "cancelled"> {
  const popup = window.open("about:blank", "paypal-login", paypalPopupFeatures(window));
  if (!popup) throw new Error("The PayPal login window was blocked.");
  try {
    const { authorizationUrl, state } = await browserApi.paypalLoginStart();
    localStorage.setItem(PAYPAL_STATE_KEY, state);
    popup.location.href = authorizationUrl;
  } catch (error) {
    popup.close();
    throw error;
  }
  const answer = await awaitCallback(popup);
  try {
    if (!answer) return "cancelled";
    const check = checkPaypalCallback(answer, localStorage.getItem(PAYPAL_STATE_KEY));
    if (!check.ok) throw new Error(check.error);
    await browserApi.paypalLogin({ authorizationCode: check.code, state: check.state, ...(answer.iss ? { iss: answer.iss } : {}) });
    return "signed-in";
  } finally {
    localStorage.removeItem(PAYPAL_STATE_KEY);
  }
}

/** The callback page's part: hands PayPal's answer in its URL to the opener, then closes. */
export function handPaypalAnswerToOpener(search: string): void {
  const params = new URLSearchParams(search);
  const channel = new BroadcastChannel(PAYPAL_CHANNEL);
  channel.postMessage({ code: params.get("code"), state: params.get("state"), iss: params.get("iss") } satisfies PaypalCallback);
  channel.close();
  window.close();
}
