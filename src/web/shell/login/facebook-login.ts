import { FACEBOOK_SCOPE, FACEBOOK_SDK_VERSION, facebookLoginError, facebookLoginOutcome, type FacebookLoginAnswer } from "../../../domain/accounts/facebook-login.ts";
import { browserApi } from "../../api-client/browser.ts";

/** What the page needs of Facebook's SDK, and how it is set up. */
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean; status: boolean }): void;
  login(callback: (answer: FacebookLoginAnswer) => void, options: { scope: string; return_scopes: boolean }): void;
}
declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

export interface FacebookSettings {
  appId: string;
  sdkUrl: string;
}

let loading: Promise<FacebookSdk> | undefined;

/**
 * Facebook's SDK, loaded once and set up for the shop's app: not with the page, but when the
 * visitor reaches for the button (a failed load is tried again next time).
 */
export function loadFacebookSdk(settings: FacebookSettings): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = settings.sdkUrl;
    script.async = true;
    script.onload = () => {
      const FB = window.FB;
      if (!FB) return reject(new Error("Facebook's SDK loaded without FB."));
      FB.init({ appId: settings.appId, version: FACEBOOK_SDK_VERSION, cookie: false, xfbml: false, status: false });
      resolve(FB);
    };
    script.onerror = () => reject(new Error("Facebook's SDK could not be loaded."));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Logs in with Facebook: the SDK's popup asks for the e-mail permission, and the API checks the
 * token it gives with Facebook. Answers null when signed in, else the message to show (a closed
 * popup, a declined permission, a refusal by the API all leave the visitor signed out).
 */
export async function loginWithFacebook(settings: FacebookSettings): Promise<string | null> {
  const FB = await loadFacebookSdk(settings).catch(() => null);
  if (!FB) return facebookLoginError({ ok: false });
  const outcome = facebookLoginOutcome(await new Promise<FacebookLoginAnswer>((resolve) => FB.login(resolve, { scope: FACEBOOK_SCOPE, return_scopes: true })));
  if (!outcome.ok) return facebookLoginError(outcome);
  try {
    await browserApi.facebookLogin({ accessToken: outcome.accessToken, expiresIn: outcome.expiresIn });
    return null;
  } catch {
    return facebookLoginError(outcome);
  }
}
