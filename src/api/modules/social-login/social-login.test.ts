import { eq, sql } from "drizzle-orm";
import { customerIdentities, customers } from "../../../db/schema/accounts.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION } from "../../../test/account-helpers.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { followProvider, startOidcProvider, type TestAccount, type TestOidcProvider } from "../../../test/oidc-test-provider.ts";

const PUBLIC_URL = "http://localhost:3000";
const callbackOf = (provider: string) => `${PUBLIC_URL}/api/sign-in/${provider}/callback`;
const ELSEWHERE = `${PUBLIC_URL}/elsewhere`;

let idp: TestOidcProvider;
const env: Record<string, string> = { PUBLIC_URL };
// The provider starts first: the app's configuration needs its address.
beforeAll(async () => {
  idp = await startOidcProvider([
    { client_id: "shop-google", client_secret: "google-secret", redirect_uris: [callbackOf("google"), ELSEWHERE] },
    { client_id: "shop-apple", client_secret: "apple-secret", redirect_uris: [callbackOf("apple")] },
  ]);
  Object.assign(env, {
    OIDC_GOOGLE_ISSUER: idp.issuer,
    OIDC_GOOGLE_CLIENT_ID: "shop-google",
    OIDC_GOOGLE_CLIENT_SECRET: "google-secret",
    OIDC_APPLE_ISSUER: idp.issuer,
    OIDC_APPLE_CLIENT_ID: "shop-apple",
    OIDC_APPLE_CLIENT_SECRET: "apple-secret",
  });
});
afterAll(() => idp?.close());

const { app, database } = setupTestApp({ env });
const plain = setupTestApp();

async function start(provider = "google", next = "/my/orders") {
  const res = await app().inject({ method: "GET", url: `/api/sign-in/${provider}/start?next=${encodeURIComponent(next)}` });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

/** The callback address the provider sends the browser to, after logging in as `account`. */
async function atProvider(account: TestAccount, provider = "google", next?: string): Promise<string> {
  idp.logInAs(account);
  const callback = await followProvider(await start(provider, next), idp.issuer);
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
    expect((await app().inject({ method: "GET", url: "/api/sign-in/providers" })).json()).toEqual({ providers: ["google", "apple"] });
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

    it("an error answer of the provider", async () => {
      const url = new URL(await start());
      await expectRefused(await callback(`${callbackOf("google")}?error=access_denied&state=${url.searchParams.get("state")}`));
    });
  });
});
