import type { Locale } from "../i18n/locales.ts";

/** The version of Facebook's JavaScript SDK (and of the Graph API it talks to) the login uses. */
export const FACEBOOK_SDK_VERSION = "v12.0";
/** The permission the login asks for: without it Facebook shares no address, and the login fails. */
export const FACEBOOK_SCOPE = "email";
/** Facebook's SDK, by default; `{locale}` stands for the SDK's language. */
export const FACEBOOK_SDK_URL_TEMPLATE = "https://connect.facebook.net/{locale}/sdk.js";

/** Facebook's names of the shop's languages: the SDK's dialogs speak the page's language. */
const FACEBOOK_LOCALES: Record<Locale, string> = { de: "de_DE", en: "en_GB", es: "es_ES", fr: "fr_FR", it: "it_IT", nl: "nl_NL" };

/** The SDK's address for a page in `locale`. */
export function facebookSdkUrl(template: string, locale: Locale): string {
  return template.replaceAll("{locale}", FACEBOOK_LOCALES[locale]);
}

/** The origin the SDK comes from, which the page's CSP must allow; the same for every language. */
export function facebookSdkOrigin(template: string): string {
  return new URL(facebookSdkUrl(template, "en")).origin;
}

/** What Facebook's SDK answers FB.login with (the parts the login uses). */
export interface FacebookLoginAnswer {
  status?: string;
  authResponse?: { accessToken?: string; expiresIn?: number | string; grantedScopes?: string } | null;
}

export type FacebookLoginOutcome =
  | { ok: true; accessToken: string; expiresIn: number; emailGranted: boolean }
  /** Closed or cancelled: Facebook gave no token. */
  | { ok: false };

/**
 * What FB.login's answer means: a token to have the API check, or none. Whether the e-mail
 * permission was granted is only a hint for the message: the API asks Facebook itself.
 */
export function facebookLoginOutcome(answer: FacebookLoginAnswer | null | undefined): FacebookLoginOutcome {
  const auth = answer?.status === "connected" ? answer.authResponse : null;
  const expiresIn = Number(auth?.expiresIn);
  if (!auth?.accessToken || !Number.isInteger(expiresIn) || expiresIn <= 0) return { ok: false };
  // Without return_scopes Facebook sends no list: then only the API can tell.
  const emailGranted = auth.grantedScopes === undefined || auth.grantedScopes.split(",").map((s) => s.trim()).includes(FACEBOOK_SCOPE);
  return { ok: true, accessToken: auth.accessToken, expiresIn, emailGranted };
}

/** The message of a failed Facebook login: the e-mail permission when it was declined, else the providers' common one. */
export function facebookLoginError(outcome: FacebookLoginOutcome): string {
  return outcome.ok && !outcome.emailGranted ? "socialLogin.facebookEmailNeeded" : "loginComponent.error.api.default";
}
