import { eq, sql } from "drizzle-orm";
import { customerIdentities, customers } from "../../../db/schema/accounts.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION } from "../../../test/account-helpers.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { startFacebookStandIn, type FacebookStandIn } from "../../../test/facebook-stand-in.ts";
import { followProvider, startOidcProvider, type TestAccount, type TestOidcProvider } from "../../../test/oidc-test-provider.ts";

const PUBLIC_URL = "http://localhost:3000";
const callbackOf = (provider: string) => `${PUBLIC_URL}/api/sign-in/${provider}/callback`;
const ELSEWHERE = `${PUBLIC_URL}/elsewhere`;

const PAYPAL_CALLBACK = `${PUBLIC_URL}/auth/paypal-callback`;
const FACEBOOK_APP = "1234567890";

let idp: TestOidcProvider;
let facebook: FacebookStandIn;
const env: Record<string, string> = { PUBLIC_URL };
// The providers start first: the app's configuration needs their addresses.
beforeAll(async () => {
  idp = await startOidcProvider([
    { client_id: "shop-google", client_secret: "google-secret", redirect_uris: [callbackOf("google"), ELSEWHERE] },
    { client_id: "shop-apple", client_secret: "apple-secret", redirect_uris: [callbackOf("apple")] },
    { client_id: "shop-paypal", client_secret: "paypal-secret", redirect_uris: [PAYPAL_CALLBACK, ELSEWHERE] },
  ]);
  facebook = await startFacebookStandIn();
  Object.assign(env, {
    OIDC_PAYPAL_ISSUER: idp.issuer,
    OIDC_PAYPAL_CLIENT_ID: "shop-paypal",
    OIDC_PAYPAL_CLIENT_SECRET: "paypal-secret",
    FACEBOOK_APP_ID: FACEBOOK_APP,
    FACEBOOK_APP_SECRET: "facebook-secret",
    FACEBOOK_GRAPH_URL: facebook.url,
    OIDC_GOOGLE_ISSUER: idp.issuer,
    OIDC_GOOGLE_CLIENT_ID: "shop-google",
    OIDC_GOOGLE_CLIENT_SECRET: "google-secret",
    OIDC_APPLE_ISSUER: idp.issuer,
    OIDC_APPLE_CLIENT_ID: "shop-apple",
    OIDC_APPLE_CLIENT_SECRET: "apple-secret",
  });
});
afterAll(async () => {
  await idp?.close();
  await facebook?.close();
});

const { app, database } = setupTestApp({ env });
const plain = setupTestApp();

async function start(provider = "google", next = "/my/orders", then?: string) {
  const query = new URLSearchParams({ next, ...(then ? { then } : {}) });
  const res = await app().inject({ method: "GET", url: `/api/sign-in/${provider}/start?${query}` });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

/** The callback address the provider sends the browser to, after logging in as `account`. */
async function atProvider(account: TestAccount, provider = "google", next?: string, then?: string): Promise<string> {
  idp.logInAs(account);
  const callback = await followProvider(await start(provider, next, then), idp.issuer);
  expect(callback.startsWith(callbackOf(provider))).toBe(true);
  return callback;
}

function callback(url: string, cookies: Record<string, string> = {}) {
  return app().inject({ method: "GET", url: url.slice(PUBLIC_URL.length), cookies });
}

async function whoIs(session: string | undefined) {
  const res = await app().inject({ method: "POST", url: "/api/user-meta", payload: { withCart: false }, cookies: { [SESSION]: session ?? "" } });
  return res.json<{ user: { uuid: string; email: string; emailVerified: boolean } | null }>().user;
}

const sessionIn = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === SESSION)?.value;

async function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; cookies: { name: string }[] }) {
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe("/auth?error=social");
  expect(res.cookies.some((c) => c.name === SESSION)).toBe(false);
}

async function identities(subject: string) {
  return database().db.select({ customer_uuid: customerIdentities.customerUuid }).from(customerIdentities).where(eq(customerIdentities.subject, subject));
}

describe("social login through OpenID Connect", () => {
  it("names the configured providers, and none when nothing is configured", async () => {
    expect((await app().inject({ method: "GET", url: "/api/sign-in/providers" })).json()).toEqual({
      providers: ["google", "apple", "paypal", "facebook"],
      facebook: { appId: FACEBOOK_APP, sdkUrl: "https://connect.facebook.net/de_DE/sdk.js" },
    });
    // Facebook's SDK speaks the visitor's language; its secret never reaches the browser.
    const french = await app().inject({ method: "GET", url: "/api/sign-in/providers", headers: { cookie: "reloop-language=fr" } });
    expect(french.json().facebook).toEqual({ appId: FACEBOOK_APP, sdkUrl: "https://connect.facebook.net/fr_FR/sdk.js" });
    expect(french.body).not.toContain("facebook-secret");
    expect((await plain.app().inject({ method: "GET", url: "/api/sign-in/providers" })).json()).toEqual({ providers: [] });
  });

  it("answers 404 JSON for a provider that is not configured", async () => {
    for (const url of ["/api/sign-in/google/start", "/api/sign-in/apple/callback?code=x&state=y"]) {
      const res = await plain.app().inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe("SOCIAL_LOGIN_PROVIDER_UNKNOWN");
    }
  });

  it("sends the browser to the provider with PKCE, state, nonce and the exact redirect URI", async () => {
    const url = new URL(await start());
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(callbackOf("google"));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toBeTruthy();
  });

  it("creates a customer on the first login, signs in, and goes to the stored target with the success message", async () => {
    const res = await callback(await atProvider({ sub: "g-new", email: "New.Person@Example.com", email_verified: true, given_name: "Nina" }, "google", "/my/orders?page=2"));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/my/orders?page=2");
    expect(res.cookies.find((c) => c.name === "flashbag")?.value).toBe(JSON.stringify({ success: ["user.flash.login.success"] }));
    const user = await whoIs(sessionIn(res));
    expect(user).toMatchObject({ email: "new.person@example.com", emailVerified: true });
    expect(await identities("g-new")).toEqual([{ customer_uuid: user?.uuid }]);
  });

  it("finds the same customer on the next login", async () => {
    const first = await whoIs(sessionIn(await callback(await atProvider({ sub: "g-again", email: "again@example.com", email_verified: true })))) ;
    // The provider's address changed since: the identity decides, not the address.
    const second = await whoIs(sessionIn(await callback(await atProvider({ sub: "g-again", email: "renamed@example.com", email_verified: true }))));
    expect(second?.uuid).toBe(first?.uuid);
  });

  it("sends an unsafe target to the home page", async () => {
    const res = await callback(await atProvider({ sub: "g-target", email: "target@example.com", email_verified: true }, "google", "https://evil.example/"));
    expect(res.headers.location).toBe("/");
  });

  it("logs in with Apple through its own callback", async () => {
    const res = await callback(await atProvider({ sub: "a-1", email: "relay@privaterelay.example", email_verified: true }, "apple"));
    expect(res.statusCode).toBe(303);
    expect(await whoIs(sessionIn(res))).toMatchObject({ email: "relay@privaterelay.example" });
  });

  describe("an account that has the address already", () => {
    async function passwordAccount(email: string, confirmed: boolean) {
      const registered = await app().inject({ method: "POST", url: "/api/customer/registrations", payload: { email, password: "a good password", locale: "de" } });
      expect(registered.statusCode).toBe(202);
      if (confirmed) await database().db.execute(sql`update customers set email_verified_at = now() where email = ${email}`);
      const [row] = await database().db.select({ uuid: customers.uuid }).from(customers).where(eq(customers.email, email));
      return row!.uuid;
    }

    it("is linked when the provider vouches for the address", async () => {
      const uuid = await passwordAccount("linked@example.com", true);
      const res = await callback(await atProvider({ sub: "g-link", email: "linked@example.com", email_verified: true }));
      expect((await whoIs(sessionIn(res)))?.uuid).toBe(uuid);
      expect(await identities("g-link")).toEqual([{ customer_uuid: uuid }]);
      // Its password still works.
      const login = await app().inject({ method: "POST", url: "/api/customer/login", payload: { credentials: { email: "linked@example.com", password: "a good password" } } });
      expect(login.statusCode).toBe(200);
    });

    it("is not linked when the provider does not vouch for it", async () => {
      await passwordAccount("unvouched@example.com", true);
      await expectRefused(await callback(await atProvider({ sub: "g-unvouched", email: "unvouched@example.com", email_verified: false })));
      expect(await identities("g-unvouched")).toEqual([]);
    });

    it("loses the password of someone who registered it without confirming, once the provider vouches", async () => {
      const uuid = await passwordAccount("squatted@example.com", false);
      const res = await callback(await atProvider({ sub: "g-owner", email: "squatted@example.com", email_verified: true }));
      expect(await whoIs(sessionIn(res))).toMatchObject({ uuid, emailVerified: true });
      const login = await app().inject({ method: "POST", url: "/api/customer/login", payload: { credentials: { email: "squatted@example.com", password: "a good password" } } });
      expect(login.statusCode).toBe(401);
    });
  });

  describe("refuses, sending the browser back to the login page", () => {
    it("a missing or unknown state", async () => {
      const url = new URL(await atProvider({ sub: "g-state", email: "state@example.com", email_verified: true }));
      const withoutState = new URL(url);
      withoutState.searchParams.delete("state");
      await expectRefused(await callback(withoutState.toString()));
      url.searchParams.set("state", "not-a-state-we-made");
      await expectRefused(await callback(url.toString()));
    });

    it("a state used before", async () => {
      const url = await atProvider({ sub: "g-replay", email: "replay@example.com", email_verified: true });
      expect((await callback(url)).headers.location).toBe("/my/orders");
      await expectRefused(await callback(url));
    });

    it("an expired state", async () => {
      const url = await atProvider({ sub: "g-late", email: "late@example.com", email_verified: true });
      await database().db.execute(sql`update social_login_states set expires_at = now() - interval '1 second'`);
      await expectRefused(await callback(url));
    });

    it("a state of the other provider", async () => {
      const url = new URL(await atProvider({ sub: "g-cross", email: "cross@example.com", email_verified: true }));
      await expectRefused(await callback(`${callbackOf("apple")}${url.search}`));
    });

    it("a wrong PKCE verifier", async () => {
      const url = await atProvider({ sub: "g-pkce", email: "pkce@example.com", email_verified: true });
      await database().db.execute(sql`update social_login_states set code_verifier = ${"x".repeat(43)}`);
      await expectRefused(await callback(url));
      expect(await identities("g-pkce")).toEqual([]);
    });

    it("a wrong nonce", async () => {
      const url = await atProvider({ sub: "g-nonce", email: "nonce@example.com", email_verified: true });
      await database().db.execute(sql`update social_login_states set nonce = 'another-nonce'`);
      await expectRefused(await callback(url));
      expect(await identities("g-nonce")).toEqual([]);
    });

    it("a code issued for another redirect URI", async () => {
      idp.logInAs({ sub: "g-elsewhere", email: "elsewhere@example.com", email_verified: true });
      const authorization = new URL(await start());
      authorization.searchParams.set("redirect_uri", ELSEWHERE);
      const elsewhere = new URL(await followProvider(authorization.toString(), idp.issuer));
      expect(elsewhere.pathname).toBe("/elsewhere");
      expect(elsewhere.searchParams.get("code")).toBeTruthy();
      await expectRefused(await callback(`${callbackOf("google")}${elsewhere.search}`));
      expect(await identities("g-elsewhere")).toEqual([]);
    });

    it("an ID token without the nonce (an authorization asked for without one)", async () => {
      idp.logInAs({ sub: "g-no-nonce", email: "nononce@example.com", email_verified: true });
      const authorization = new URL(await start());
      authorization.searchParams.delete("nonce");
      await expectRefused(await callback(await followProvider(authorization.toString(), idp.issuer)));
      expect(await identities("g-no-nonce")).toEqual([]);
    });

    it("an authorization asked for without the PKCE challenge", async () => {
      idp.logInAs({ sub: "g-no-pkce", email: "nopkce@example.com", email_verified: true });
      const authorization = new URL(await start());
      authorization.searchParams.delete("code_challenge");
      authorization.searchParams.delete("code_challenge_method");
      const back = await followProvider(authorization.toString(), idp.issuer);
      expect(new URL(back).searchParams.get("code")).toBeNull();
      await expectRefused(await callback(back));
      expect(await identities("g-no-pkce")).toEqual([]);
    });

    it("an error answer of the provider", async () => {
      const url = new URL(await start());
      await expectRefused(await callback(`${callbackOf("google")}?error=access_denied&state=${url.searchParams.get("state")}`));
    });
  });
});

describe("the action that needed the login, across the provider's redirects", () => {
  async function wishlistOf(session: string | undefined) {
    const res = await app().inject({ method: "GET", url: "/api/wishlist", cookies: { [SESSION]: session ?? "" } });
    return res.json<{ items: { product: { id: number } }[] }>().items.map((item) => item.product.id);
  }

  it("runs right after the callback signs in, and says so", async () => {
    const res = await callback(await atProvider({ sub: "g-wish", email: "wish@example.com", email_verified: true }, "google", "/i12,x", "wish:12"));
    expect(res.headers.location).toBe("/i12,x");
    expect(JSON.parse(res.cookies.find((c) => c.name === "flashbag")!.value)).toEqual({ success: ["user.flash.login.success", "blue.wishlist.flash.added"] });
    expect(await wishlistOf(sessionIn(res))).toEqual([12]);
  });

  it("tells when the action failed, and keeps the login", async () => {
    const res = await callback(await atProvider({ sub: "g-gone", email: "gone@example.com", email_verified: true }, "google", "/", "wish:999999999"));
    expect(JSON.parse(res.cookies.find((c) => c.name === "flashbag")!.value)).toEqual({ success: ["user.flash.login.success"], danger: ["blue.wishlist.flash.addFailure"] });
    expect(await whoIs(sessionIn(res))).toMatchObject({ email: "gone@example.com" });
  });

  it("drops a malformed action", async () => {
    const res = await callback(await atProvider({ sub: "g-odd", email: "odd@example.com", email_verified: true }, "google", "/", "delete:12"));
    expect(JSON.parse(res.cookies.find((c) => c.name === "flashbag")!.value)).toEqual({ success: ["user.flash.login.success"] });
  });
});

describe("PayPal in a popup", () => {
  async function paypalStart() {
    const res = await app().inject({ method: "POST", url: "/api/sign-in/paypal/start" });
    expect(res.statusCode).toBe(200);
    return res.json<{ authorizationUrl: string; state: string }>();
  }

  /** The callback page's query after logging in at PayPal as `account`, and the state the opener kept. */
  async function atPaypal(account: TestAccount) {
    const { authorizationUrl, state } = await paypalStart();
    idp.logInAs(account);
    const callbackUrl = new URL(await followProvider(authorizationUrl, idp.issuer));
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(PAYPAL_CALLBACK);
    return { state, code: callbackUrl.searchParams.get("code")!, iss: callbackUrl.searchParams.get("iss"), callbackState: callbackUrl.searchParams.get("state") };
  }

  const complete = (body: object) => app().inject({ method: "POST", url: "/api/sign-in/paypal", payload: body });

  it("asks for openid profile email address with PKCE, state and nonce, back to the callback page", async () => {
    const url = new URL((await paypalStart()).authorizationUrl);
    expect(url.searchParams.get("scope")).toBe("openid profile email address");
    expect(url.searchParams.get("redirect_uri")).toBe(PAYPAL_CALLBACK);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toBeTruthy();
  });

  it("signs in with the code and state the callback page handed over, once", async () => {
    const at = await atPaypal({ sub: "p-1", email: "payer@example.com", email_verified: true });
    expect(at.callbackState).toBe(at.state);
    const body = { authorizationCode: at.code, state: at.state, ...(at.iss ? { iss: at.iss } : {}) };
    const res = await complete(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ wasRegistered: true, previousUrl: null });
    expect(await whoIs(sessionIn(res))).toMatchObject({ email: "payer@example.com" });
    const replay = await complete(body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0].code).toBe("SOCIAL_LOGIN_STATE_INVALID");
  });

  it("refuses a missing or wrong state", async () => {
    const at = await atPaypal({ sub: "p-state", email: "pstate@example.com", email_verified: true });
    const missing = await complete({ authorizationCode: at.code });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].reference).toBe("body.state");
    const wrong = await complete({ authorizationCode: at.code, state: "not-a-state-we-made", iss: at.iss });
    expect(wrong.json().errors[0].code).toBe("SOCIAL_LOGIN_STATE_INVALID");
    expect(sessionIn(wrong)).toBeUndefined();
  });

  it("refuses a wrong PKCE verifier and a wrong nonce", async () => {
    for (const [column, value, sub] of [["code_verifier", "y".repeat(43), "p-pkce"], ["nonce", "another-nonce", "p-nonce"]] as const) {
      const at = await atPaypal({ sub, email: `${sub}@example.com`, email_verified: true });
      await database().db.execute(sql`update social_login_states set ${sql.identifier(column)} = ${value}`);
      const res = await complete({ authorizationCode: at.code, state: at.state, iss: at.iss });
      expect(res.statusCode, column).toBe(400);
      expect(res.json().errors[0].code).toBe("SOCIAL_LOGIN_REFUSED");
      expect(await identities(sub)).toEqual([]);
    }
  });

  it("refuses a code issued for another redirect URI", async () => {
    const { authorizationUrl, state } = await paypalStart();
    const elsewhere = new URL(authorizationUrl);
    elsewhere.searchParams.set("redirect_uri", ELSEWHERE);
    idp.logInAs({ sub: "p-elsewhere", email: "pelsewhere@example.com", email_verified: true });
    const landed = new URL(await followProvider(elsewhere.toString(), idp.issuer));
    expect(landed.pathname).toBe("/elsewhere");
    const res = await complete({ authorizationCode: landed.searchParams.get("code"), state, iss: landed.searchParams.get("iss") });
    expect(res.json().errors[0].code).toBe("SOCIAL_LOGIN_REFUSED");
    expect(await identities("p-elsewhere")).toEqual([]);
  });

  it("keeps the PayPal profile's address as the default billing address of a customer who has none", async () => {
    const address = { street_address: "Hauptstraße 5", locality: "Berlin", postal_code: "10115", country: "DE" };
    const account = { sub: "p-address", email: "paddress@example.com", email_verified: true, given_name: "Paula", family_name: "Pay", address };
    const addresses = async (session: string | undefined) =>
      (await app().inject({ method: "GET", url: "/api/customer/addresses", cookies: { [SESSION]: session ?? "" } })).json<{ addresses: { address: object; defaultBilling: boolean; defaultDelivery: boolean }[] }>().addresses;
    const logIn = async (who: TestAccount) => {
      const at = await atPaypal(who);
      const res = await complete({ authorizationCode: at.code, state: at.state, iss: at.iss });
      expect(res.statusCode).toBe(200);
      return sessionIn(res);
    };
    expect(await addresses(await logIn(account))).toEqual([
      {
        uuid: expect.any(String),
        address: { firstName: "Paula", lastName: "Pay", company: null, street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE", packstation: false, postNumber: null },
        defaultBilling: true,
        defaultDelivery: false,
      },
    ]);
    // A book with addresses stays as it is, whatever PayPal says next time.
    const moved = await addresses(await logIn({ ...account, address: { ...address, street_address: "Neue Straße 9" } }));
    expect(moved.map((entry) => entry.address)).toEqual([expect.objectContaining({ street: "Hauptstraße" })]);
    // An address the shop cannot deliver to is not kept; the login goes through all the same.
    expect(await addresses(await logIn({ ...account, sub: "p-abroad", email: "pabroad@example.com", address: { ...address, country: "US" } }))).toEqual([]);
  });

  it("is not offered without its settings", async () => {
    expect((await plain.app().inject({ method: "POST", url: "/api/sign-in/paypal/start" })).statusCode).toBe(404);
    expect((await plain.app().inject({ method: "POST", url: "/api/sign-in/paypal", payload: { authorizationCode: "c", state: "s" } })).statusCode).toBe(404);
  });
});

describe("Facebook with an access token", () => {
  const login = (accessToken: string, application = app) =>
    application().inject({ method: "POST", url: "/api/customer/facebook-login", payload: { accessToken, expiresIn: 3600 } });

  function issue(token: string, overrides: { scopes?: string[]; appId?: string; valid?: boolean; meId?: string; email?: string } = {}) {
    const userId = `fb-${token}`;
    facebook.issue(token, {
      appId: overrides.appId ?? FACEBOOK_APP,
      userId,
      scopes: overrides.scopes ?? ["public_profile", "email"],
      ...(overrides.valid === undefined ? {} : { valid: overrides.valid }),
      me: { id: overrides.meId ?? userId, email: overrides.email ?? `${token}@example.com`, first_name: "Fiona" },
    });
    return userId;
  }

  async function expectNotAuthenticated(res: Awaited<ReturnType<typeof login>>) {
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toMatchObject({ code: "NOT_AUTHENTICATED", message: "not authenticated" });
    expect(sessionIn(res)).toBeUndefined();
  }

  it("signs in once Facebook confirms the token for this app, the same account next time", async () => {
    const subject = issue("tok-ok");
    const first = await login("tok-ok");
    expect(first.statusCode).toBe(200);
    expect(first.json().wasRegistered).toBe(true);
    const user = await whoIs(sessionIn(first));
    expect(user).toMatchObject({ email: "tok-ok@example.com" });
    expect(await identities(subject)).toEqual([{ customer_uuid: user?.uuid }]);
    expect((await whoIs(sessionIn(await login("tok-ok")))))?.toMatchObject({ uuid: user?.uuid });
    expect(facebook.appTokens.at(-1)).toBe(`${FACEBOOK_APP}|facebook-secret`);
  });

  it("fails with 'not authenticated' without the e-mail permission", async () => {
    issue("tok-noemail", { scopes: ["public_profile"] });
    await expectNotAuthenticated(await login("tok-noemail"));
  });

  it("fails for an unknown, invalid or another app's token, and a token whose user differs", async () => {
    issue("tok-invalid", { valid: false });
    issue("tok-other-app", { appId: "999" });
    issue("tok-other-user", { meId: "someone-else" });
    for (const token of ["tok-unknown", "tok-invalid", "tok-other-app", "tok-other-user"]) await expectNotAuthenticated(await login(token));
  });

  it("checks its body and is not offered without its settings", async () => {
    const bad = await app().inject({ method: "POST", url: "/api/customer/facebook-login", payload: { accessToken: "x", expiresIn: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].reference).toBe("body.expiresIn");
    issue("tok-plain");
    expect((await login("tok-plain", plain.app)).statusCode).toBe(404);
  });
});

describe("connected social logins", () => {
  const list = (session: string | undefined) => app().inject({ method: "GET", url: "/api/customer/identities", cookies: { [SESSION]: session ?? "" } });
  const disconnect = (session: string | undefined, provider: string, subject: string) =>
    app().inject({ method: "DELETE", url: `/api/customer/identities/${provider}/${encodeURIComponent(subject)}`, cookies: { [SESSION]: session ?? "" } });

  it("lists only the customer's own, and nobody changes another's", async () => {
    const alice = sessionIn(await callback(await atProvider({ sub: "g-alice", email: "alice@example.com", email_verified: true })));
    const bob = sessionIn(await callback(await atProvider({ sub: "g-bob", email: "bob@example.com", email_verified: true })));
    expect((await list(alice)).json().identities).toMatchObject([{ provider: "google", subject: "g-alice", email: "alice@example.com" }]);
    expect((await list(bob)).json().identities).toMatchObject([{ provider: "google", subject: "g-bob" }]);
    const stranger = await disconnect(bob, "google", "g-alice");
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errors[0].code).toBe("IDENTITY_NOT_FOUND");
    expect(await identities("g-alice")).toHaveLength(1);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await disconnect(undefined, "google", "g-alice")).statusCode).toBe(401);
  });

  it("disconnects one only while the account keeps a way to log in", async () => {
    const session = sessionIn(await callback(await atProvider({ sub: "g-two", email: "two@example.com", email_verified: true })));
    const only = await disconnect(session, "google", "g-two");
    expect(only.statusCode).toBe(409);
    expect(only.json().errors[0].code).toBe("LAST_LOGIN_METHOD");
    // A second provider with the same vouched address joins the account; then either may go.
    await callback(await atProvider({ sub: "a-two", email: "two@example.com", email_verified: true }, "apple"));
    const left = await disconnect(session, "google", "g-two");
    expect(left.statusCode).toBe(200);
    expect(left.json().identities).toMatchObject([{ provider: "apple", subject: "a-two" }]);
  });
});
