import { describe, expect, it } from "vitest";
import { facebookLoginError, facebookLoginOutcome, facebookSdkOrigin, facebookSdkUrl, FACEBOOK_SDK_URL_TEMPLATE } from "./facebook-login.ts";

describe("Facebook's SDK address", () => {
  it("speaks the page's language", () => {
    expect(facebookSdkUrl(FACEBOOK_SDK_URL_TEMPLATE, "de")).toBe("https://connect.facebook.net/de_DE/sdk.js");
    expect(facebookSdkUrl(FACEBOOK_SDK_URL_TEMPLATE, "en")).toBe("https://connect.facebook.net/en_GB/sdk.js");
    expect(facebookSdkUrl(FACEBOOK_SDK_URL_TEMPLATE, "nl")).toBe("https://connect.facebook.net/nl_NL/sdk.js");
  });

  it("keeps an address without a language as it is", () => {
    expect(facebookSdkUrl("http://127.0.0.1:3315/facebook/sdk.js", "fr")).toBe("http://127.0.0.1:3315/facebook/sdk.js");
  });

  it("comes from one origin in every language, for the CSP", () => {
    expect(facebookSdkOrigin(FACEBOOK_SDK_URL_TEMPLATE)).toBe("https://connect.facebook.net");
    expect(facebookSdkOrigin("http://127.0.0.1:3315/facebook/{locale}/sdk.js")).toBe("http://127.0.0.1:3315");
  });
});

describe("FB.login's answer", () => {
  const connected = (authResponse: object) => ({ status: "connected", authResponse });

  it("is a token with its lifetime when connected", () => {
    expect(facebookLoginOutcome(connected({ accessToken: "t", expiresIn: 5183, grantedScopes: "email,public_profile" }))).toEqual({
      ok: true,
      accessToken: "t",
      expiresIn: 5183,
      emailGranted: true,
    });
    // The SDK has sent the lifetime as a string, too.
    expect(facebookLoginOutcome(connected({ accessToken: "t", expiresIn: "60" }))).toMatchObject({ ok: true, expiresIn: 60, emailGranted: true });
  });

  it("notes a declined e-mail permission", () => {
    const outcome = facebookLoginOutcome(connected({ accessToken: "t", expiresIn: 60, grantedScopes: "public_profile" }));
    expect(outcome).toMatchObject({ ok: true, emailGranted: false });
    expect(facebookLoginError(outcome)).toBe("socialLogin.facebookEmailNeeded");
  });

  it("is nothing when closed, cancelled or malformed", () => {
    for (const answer of [null, undefined, { status: "unknown", authResponse: null }, { status: "not_authorized" }, connected({ expiresIn: 60 }), connected({ accessToken: "t", expiresIn: 0 }), connected({ accessToken: "t", expiresIn: "soon" })]) {
      expect(facebookLoginOutcome(answer)).toEqual({ ok: false });
    }
    expect(facebookLoginError({ ok: false })).toBe("loginComponent.error.api.default");
    expect(facebookLoginError({ ok: true, accessToken: "t", expiresIn: 60, emailGranted: true })).toBe("loginComponent.error.api.default");
  });
});
