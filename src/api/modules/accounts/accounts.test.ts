import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { customers, sessions } from "../../../db/schema/accounts.ts";
import { DEMO_CUSTOMER } from "../../../demo-data/demo-customer.ts";
import { ACCOUNT_LOGIN_THROTTLE, CLIENT_LOGIN_THROTTLE } from "../../../domain/accounts/accounts.ts";
import { createJobQueue } from "../../../jobs/queue.ts";
import { createMailer } from "../../../mail/mailer.ts";
import { accountCalls, SESSION, sessionOf, tokenIn, type Cookies } from "../../../test/account-helpers.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-test-server.ts";

let now = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = () => now;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());
const config = loadConfig({ NODE_ENV: "test" });
const { app, database, jobs } = setupTestApp({
  clock,
  mailer: { send: (message) => createMailer({ ...config, SMTP_URL: smtp.url }).send(message) },
  jobs: (db) => createJobQueue(db, { clock, log: () => {} }),
});
const { call, mailsTo, lastMailTo, register, login, userMeta: meta, verify, signUp } = accountCalls({ app, smtp: () => smtp, drain: () => jobs().drain() });

function post(url: string, payload: unknown, cookies: Cookies = {}, headers: Record<string, string> = {}) {
  return call("POST", url, { payload, cookies, headers });
}
/** A login from one client address (request.ip). */
const loginFrom = (remoteAddress: string, email: string, password: string) =>
  call("POST", "/api/customer/login", { payload: { credentials: { email, password } }, remoteAddress });
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
/** What a client can tell from an answer: status, body and the wait it is told. */
const answerOf = (res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: res.json(),
  retryAfter: res.headers["retry-after"],
});
const userMeta = (cookies: Cookies) => post("/api/user-meta", { withCart: true }, cookies);

describe("registration and login", () => {
  it("registers without signing in; the mailed link, in the account's language, confirms the address and signs in", async () => {
    const res = await register({ email: "  Lena@Example.com ", password: "correct horse", previousUrl: "/i12,phone" }, { "reloop-language": "it" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "verification-sent" });
    expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
    const [row] = await database().db.select().from(customers).where(eq(customers.email, "lena@example.com"));
    expect(row).toMatchObject({ locale: "it", emailVerifiedAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const mails = await mailsTo("lena@example.com");
    expect(mails).toHaveLength(1);
    const { mail } = mails[0]!;
    expect(mail.subject).toBe("Conferma il tuo indirizzo e-mail per reloop");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\/verify-email\?token=[\w-]{43}\b/);
    expect(mail.html).toContain('lang="it"');

    const confirmed = await verify(tokenIn(mails[0], "/auth/verify-email"));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: "email-verified", user: { uuid: row!.uuid, email: "lena@example.com", locale: "it" } });
    expect(confirmed.cookies.find((c) => c.name === SESSION)).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect((await userMeta(sessionOf(confirmed))).json()).toEqual({
      user: {
        uuid: row!.uuid,
        email: "lena@example.com",
        locale: "it",
        createdAt: expect.any(String),
        firstName: null,
        lastName: null,
        emailVerified: true,
        emailDeliverable: true,
        staff: false,
      },
      cart: { itemCount: 0 },
      greenCart: { items: [] },
      numberOfBuyAlerts: 0,
      numberOfWishlistItems: 0,
    });
  });

  it("lets an unconfirmed account log in, tells so in user meta, and mails another link on request", async () => {
    await register({ email: "later@example.com", password: "confirm later" });
    const first = tokenIn(await lastMailTo("later@example.com"), "/auth/verify-email");
    const cookies = sessionOf(await login("later@example.com", "confirm later"));
    expect((await meta(cookies)).json().user).toMatchObject({ email: "later@example.com", emailVerified: false });

    const again = await post("/api/customer/email-verification-requests", undefined, cookies);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ status: "verification-sent", email: "later@example.com" });
    const second = tokenIn(await lastMailTo("later@example.com"), "/auth/verify-email");
    expect(second).not.toBe(first);
    // Either link works, once.
    expect((await verify(first)).statusCode).toBe(200);
    const reused = await verify(first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual([{ code: "VERIFICATION_TOKEN_INVALID", message: expect.any(String), reference: "body.token" }]);
    expect((await meta(cookies)).json().user.emailVerified).toBe(true);
    const done = await post("/api/customer/email-verification-requests", undefined, cookies);
    expect(done.statusCode).toBe(409);
    expect(done.json().errors[0].code).toBe("EMAIL_ALREADY_VERIFIED");
  });

  it("stops mailing links on request after three an hour", async () => {
    await register({ email: "eager@example.com", password: "confirm later" });
    const cookies = sessionOf(await login("eager@example.com", "confirm later"));
    for (let i = 0; i < 3; i++) expect((await post("/api/customer/email-verification-requests", undefined, cookies)).statusCode).toBe(202);
    const refused = await post("/api/customer/email-verification-requests", undefined, cookies);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("MAIL_LIMIT_REACHED");
    expect(refused.headers["retry-after"]).toBe("3600");
    expect(await mailsTo("eager@example.com")).toHaveLength(4);
    advance(60 * 60 * 1000);
    expect((await post("/api/customer/email-verification-requests", undefined, cookies)).statusCode).toBe(202);
  });

  it("confirms no link after 48 hours", async () => {
    await register({ email: "slow@example.com", password: "confirm later" });
    const token = tokenIn(await lastMailTo("slow@example.com"), "/auth/verify-email");
    advance(48 * 60 * 60 * 1000);
    const late = await verify(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].code).toBe("VERIFICATION_TOKEN_INVALID");
    expect(late.cookies.find((c) => c.name === SESSION)).toBeUndefined();
  });

  it("answers a taken address exactly like a new one, signs nobody in, and tells the owner instead", async () => {
    const owner = await call("POST", "/api/customer/registrations", { payload: { email: "twice@example.com", password: "first password", locale: "en" } });
    const again = await register({ email: "TWICE@example.com", password: "second password" }, { "reloop-language": "fr" });
    const fresh = await register({ email: "once@example.com", password: "second password" });
    for (const res of [owner, again]) {
      expect(answerOf(res)).toEqual(answerOf(fresh));
      expect(res.cookies).toEqual([]);
    }
    const mails = await mailsTo("twice@example.com");
    expect(mails.map((m) => m.mail.subject)).toEqual(["Please confirm your e-mail address for reloop", "Someone tried to create a reloop account with your e-mail address"]);
    const notice = mails[1]!.mail.text ?? "";
    expect(notice).toContain("http://localhost:3000/auth\n");
    expect(notice).toContain("http://localhost:3000/auth/reset\n");
    expect(notice).not.toContain("token=");
    // The first password still holds; the second signs nobody in.
    expect((await login("twice@example.com", "second password")).statusCode).toBe(401);
    expect((await login("twice@example.com", "first password")).statusCode).toBe(200);
    // Notices are limited like reset mails, so the form cannot flood the owner's mailbox.
    for (let i = 0; i < 4; i++) expect((await register({ email: "twice@example.com", password: "spam spam spam" })).statusCode).toBe(202);
    expect(await mailsTo("twice@example.com")).toHaveLength(4);
  });

  it("explains every problem with the registration form", async () => {
    const res = await register({ email: "not an address", password: "short" });
    expect(res.statusCode).toBe(400);
    const references = res.json().errors.map((e: { reference: string }) => e.reference).sort();
    expect(references).toEqual(["body.email", "body.password"]);
    expect(res.json().errors.find((e: { reference: string }) => e.reference === "body.password").message).toBe("Password must have at least 8 characters");
  });

  it("logs the demo customer in and answers a wrong password with one message for both mistakes", async () => {
    const ok = await login(DEMO_CUSTOMER.email.toUpperCase(), DEMO_CUSTOMER.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ wasRegistered: false, previousUrl: null });
    expect((await userMeta(sessionOf(ok))).json().user.email).toBe(DEMO_CUSTOMER.email);

    const wrongPassword = await login(DEMO_CUSTOMER.email, "not the password");
    const unknownAddress = await login("nobody@example.com", "whatever it is");
    for (const res of [wrongPassword, unknownAddress]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0]).toMatchObject({ code: "INVALID_CREDENTIALS", reference: "credentials" });
      expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
    }
  });

  it("rotates the session at login: the cookie from before no longer works", async () => {
    const first = sessionOf(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password));
    const second = sessionOf(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, first));
    expect(second[SESSION]).not.toBe(first[SESSION]);
    expect((await userMeta(first)).json().user).toBeNull();
    expect((await userMeta(second)).json().user.email).toBe(DEMO_CUSTOMER.email);
  });

  it("ends sessions at logout and after 30 days", async () => {
    const cookies = sessionOf(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password));
    const out = await post("/api/customer/logout", undefined, cookies);
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === SESSION)?.value).toBe("");
    expect((await userMeta(cookies)).json().user).toBeNull();

    const later = sessionOf(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password));
    now = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
    expect((await userMeta(later)).json().user).toBeNull();
    // Expired sessions are cleared when the customer signs in again.
    const signedIn = await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const left = await database().db.select().from(sessions).where(eq(sessions.customerUuid, signedIn.json().user.uuid));
    expect(left).toHaveLength(1);
    expect(left.every((s) => new Date(s.expiresAt) > now)).toBe(true);
  });

  it("tells visitors apart: user meta has no user without a valid session", async () => {
    expect((await post("/api/user-meta", undefined)).json()).toEqual({ user: null, cart: { itemCount: 0 }, greenCart: null, numberOfBuyAlerts: null, numberOfWishlistItems: null });
    expect((await userMeta({ [SESSION]: "forged-token" })).json().user).toBeNull();
    const bad = await post("/api/user-meta", { withCart: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: "VALIDATION_FAILED", reference: "body.withCart" });
  });
});

describe("login throttle", () => {
  const FREE = CLIENT_LOGIN_THROTTLE.freeFailures;

  it("slows one address down after five wrong passwords for an account, without checking the password, and doubles the wait", async () => {
    await register({ email: "locked@example.com", password: "the right one" });
    for (let i = 0; i < FREE; i++) expect((await loginFrom("203.0.113.1", "locked@example.com", "wrong guess")).statusCode).toBe(401);
    const locked = await loginFrom("203.0.113.1", "locked@example.com", "the right one");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      errors: [{ code: "LOGIN_TEMPORARILY_LOCKED", message: "Too many wrong passwords. Try again in 1 second or reset your password.", reference: "credentials" }],
    });
    expect(locked.headers["retry-after"]).toBe("1");
    expect(locked.headers["x-verify-location"]).toBeUndefined();
    expect(locked.cookies.find((c) => c.name === SESSION)).toBeUndefined();

    advance(1000);
    expect((await loginFrom("203.0.113.1", "locked@example.com", "wrong again")).statusCode).toBe(401);
    const longer = await loginFrom("203.0.113.1", "locked@example.com", "the right one");
    expect(longer.statusCode).toBe(429);
    expect(longer.headers["retry-after"]).toBe("2");
    advance(1999);
    expect((await loginFrom("203.0.113.1", "locked@example.com", "the right one")).statusCode).toBe(429);
    advance(1);
    expect((await loginFrom("203.0.113.1", "locked@example.com", "the right one")).statusCode).toBe(200);
  });

  it("does not slow the owner's login from another address", async () => {
    await register({ email: "owner@example.com", password: "the owner's one" });
    for (let i = 0; i < FREE + 3; i++) await loginFrom("198.51.100.66", "owner@example.com", "attacker guess");
    expect((await loginFrom("198.51.100.66", "owner@example.com", "attacker guess")).statusCode).toBe(429);
    expect((await loginFrom("192.0.2.10", "owner@example.com", "the owner's one")).statusCode).toBe(200);
    // The owner's own typos count on their own pair only.
    expect((await loginFrom("192.0.2.10", "owner@example.com", "typo")).statusCode).toBe(401);
  });

  it("counts and slows an address without an account exactly like one with", async () => {
    await register({ email: "exists@example.com", password: "the right one" });
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < FREE + 1; i++) seen.push(answerOf(await loginFrom("203.0.113.2", email, "wrong guess")));
      advance(1000);
      seen.push(answerOf(await loginFrom("203.0.113.2", email, "wrong guess")));
      seen.push(answerOf(await loginFrom("203.0.113.2", email, "wrong guess")));
      return seen;
    };
    const known = await answers("exists@example.com");
    const unknown = await answers("does-not-exist@example.com");
    expect(unknown).toEqual(known);
    expect(known.map((a) => [a.status, a.retryAfter])).toEqual([
      ...Array.from({ length: FREE }, () => [401, undefined]),
      [429, "1"],
      [401, undefined],
      [429, "2"],
    ]);
  });

  it("slows an account down for every address once many addresses together reach its ceiling", async () => {
    await register({ email: "popular@example.com", password: "the right one" });
    const addresses = Array.from({ length: ACCOUNT_LOGIN_THROTTLE.freeFailures / FREE }, (_, i) => `10.0.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    for (const address of addresses) {
      const statuses = await Promise.all(Array.from({ length: FREE }, () => loginFrom(address, "popular@example.com", "distributed guess")));
      expect(statuses.map((res) => res.statusCode)).toEqual(Array.from({ length: FREE }, () => 401));
    }
    const owner = await loginFrom("192.0.2.20", "popular@example.com", "the right one");
    expect(owner.statusCode).toBe(429);
    expect(owner.json().errors[0].code).toBe("LOGIN_TEMPORARILY_LOCKED");
    expect(owner.headers["retry-after"]).toBe("1");
    advance(1000);
    expect((await loginFrom("192.0.2.20", "popular@example.com", "the right one")).statusCode).toBe(200);
    // The owner's success clears their own pair only: the account keeps slowing every address.
    const next = await loginFrom("192.0.2.21", "popular@example.com", "distributed guess");
    expect(next.statusCode).toBe(429);
    expect(next.headers["retry-after"]).toBe("2");
  });

  it("clears only the successful address's counter", async () => {
    await register({ email: "two-places@example.com", password: "the right one" });
    for (let i = 0; i < FREE - 1; i++) {
      expect((await loginFrom("203.0.113.30", "two-places@example.com", "wrong at A")).statusCode).toBe(401);
      expect((await loginFrom("203.0.113.31", "two-places@example.com", "wrong at B")).statusCode).toBe(401);
    }
    expect((await loginFrom("203.0.113.31", "two-places@example.com", "the right one")).statusCode).toBe(200);
    // B starts afresh: five more wrong passwords are checked before it waits.
    for (let i = 0; i < FREE; i++) expect((await loginFrom("203.0.113.31", "two-places@example.com", "wrong at B")).statusCode).toBe(401);
    expect((await loginFrom("203.0.113.31", "two-places@example.com", "wrong at B")).statusCode).toBe(429);
    // A kept its count: one more, then it waits.
    expect((await loginFrom("203.0.113.30", "two-places@example.com", "wrong at A")).statusCode).toBe(401);
    expect((await loginFrom("203.0.113.30", "two-places@example.com", "the right one")).statusCode).toBe(429);
  });

  // PGlite has one connection, so requests cannot race there; the PostgreSQL server runs this.
  it.skipIf(!process.env.TEST_DATABASE_URL)("checks no more passwords than the limit when wrong ones arrive in parallel", async () => {
    await register({ email: "raced@example.com", password: "the right one" });
    const statuses: number[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => loginFrom("203.0.113.40", "raced@example.com", "wrong guess")));
      statuses.push(...answers.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - FREE);
    expect((await loginFrom("203.0.113.40", "raced@example.com", "the right one")).statusCode).toBe(429);
  });
});

describe("api_customer_update_locale", () => {
  it("stores the logged-in customer's language", async () => {
    const cookies = await signUp("polyglot@example.com");
    const res = await app().inject({ method: "PUT", url: "/api/customer/locale", payload: { locale: "nl" }, cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: "nl" });
    expect((await userMeta(cookies)).json().user.locale).toBe("nl");
  });

  it("needs a login, and a known language", async () => {
    const anonymous = await app().inject({ method: "PUT", url: "/api/customer/locale", payload: { locale: "nl" } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe("NOT_AUTHENTICATED");
    const cookies = sessionOf(await login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password));
    const bad = await app().inject({ method: "PUT", url: "/api/customer/locale", payload: { locale: "pt" }, cookies });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ reference: "body.locale", message: "Locale must be one of de, en, es, fr, it, nl" });
  });
});

describe("api_customer_update_profile", () => {
  it("stores the name, shows it in user meta, and clears it with null", async () => {
    const cookies = await signUp("named@example.com");
    const put = (payload: unknown) => call("PUT", "/api/customer/profile", { payload, cookies });
    const saved = await put({ firstName: "  Lena ", lastName: "Graf" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ firstName: "Lena", lastName: "Graf" });
    expect((await meta(cookies)).json().user).toMatchObject({ firstName: "Lena", lastName: "Graf" });
    expect((await put({ firstName: null })).json()).toEqual({ firstName: null, lastName: null });
    expect((await meta(cookies)).json().user).toMatchObject({ firstName: null, lastName: null });
  });

  it("needs a login, and refuses empty or overlong names", async () => {
    expect((await call("PUT", "/api/customer/profile", { payload: { firstName: "Lena" } })).statusCode).toBe(401);
    const cookies = await signUp("unnamed@example.com");
    const bad = await call("PUT", "/api/customer/profile", { payload: { firstName: " ", lastName: "x".repeat(101) }, cookies });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.firstName", "body.lastName"]);
  });
});

describe("api_mail_bounce without MAIL_BOUNCE_SECRET", () => {
  it("does not exist", async () => {
    const res = await post("/api/mail/bounces", { email: DEMO_CUSTOMER.email, type: "permanent" }, {}, { "x-mail-bounce-secret": "anything at all, really" });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
    expect((await database().db.select().from(customers).where(eq(customers.email, DEMO_CUSTOMER.email)))[0]?.emailUndeliverableAt).toBeNull();
  });
});

describe("same-origin check", () => {
  it("refuses state changes sent from another site's page, and allows our own", async () => {
    const foreign = await post("/api/customer/login", { credentials: DEMO_CUSTOMER }, {}, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].code).toBe("CROSS_SITE_REQUEST");
    const fetchMetadata = await post("/api/customer/logout", undefined, {}, { "sec-fetch-site": "cross-site" });
    expect(fetchMetadata.statusCode).toBe(403);
    const own = await post("/api/customer/login", { credentials: DEMO_CUSTOMER }, {}, { origin: "http://localhost:80", host: "localhost:80" });
    expect(own.statusCode).toBe(200);
  });
});
