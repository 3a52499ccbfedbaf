import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { newsletterSubscriptions } from "../../../db/schema/newsletter.ts";
import { createMailer, type Mailer } from "../../../mail/mailer.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../../test/smtp-test-server.ts";
import { hashToken } from "../../tokens.ts";

const config = loadConfig({ NODE_ENV: "test" });
let smtp: TestSmtpServer;
// The app keeps this wrapper; tests swap what is behind it to simulate a broken mail server.
let mailer: Mailer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer({ ...config, SMTP_URL: smtp.url });
});
afterAll(() => smtp.close());

const { app, database } = setupTestApp({ mailer: { send: (message) => mailer.send(message) } });

function subscribe(payload: unknown, cookies: Record<string, string> = {}) {
  return app().inject({ method: "POST", url: "/api/newsletter/subscriptions", payload: payload as object, cookies });
}
function confirm(token: string) {
  return app().inject({ method: "POST", url: "/api/newsletter/confirmations", payload: { token } });
}
function tokenOf(received: ReceivedMail | undefined): string {
  const match = /\/newsletter\/confirm\?token=([\w-]+)/.exec(received?.mail.text ?? "");
  if (!match?.[1]) throw new Error("no confirmation link in the mail");
  return match[1];
}
function rowsFor(email: string) {
  return database().db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
}

describe("api_newsletter_subscribe and api_newsletter_confirm", () => {
  it("mails a confirmation link in the cookie's language, and the link activates the subscription once", async () => {
    const res = await subscribe({ email: "marie@example.com", source: "checkout", subscriptionType: "buy" }, { "reloop-language": "fr" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "pending" });

    const mails = smtp.to("marie@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.mail;
    expect(mail.subject).toBe("Confirmez votre inscription à la newsletter reloop");
    expect(mail.from?.text).toContain("hello@reloop.local");
    expect(mail.text).toContain("Merci de votre intérêt pour la newsletter reloop");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/newsletter\/confirm\?token=[\w-]{43}\b/);
    expect(mail.html).toContain('lang="fr"');
    const token = tokenOf(mails[0]);
    expect(mail.html).toContain(`/newsletter/confirm?token=${token}`);

    const [row] = await rowsFor("marie@example.com");
    expect(row).toMatchObject({ status: "pending", source: "checkout", subscriptionType: "buy", locale: "fr", confirmedAt: null });
    // Only the hash is kept, never the token itself.
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.tokenHash).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: "active", email: "marie@example.com" });
    const [after] = await rowsFor("marie@example.com");
    expect(after).toMatchObject({ status: "active", tokenHash: null });
    expect(after?.confirmedAt).not.toBeNull();

    const reused = await confirm(token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().errors[0].code).toBe("NEWSLETTER_TOKEN_INVALID");
  });

  it("answers an active address with 200 active and sends nothing", async () => {
    await subscribe({ email: "active@example.com" });
    await confirm(tokenOf(smtp.to("active@example.com")[0]));

    const again = await subscribe({ email: "active@example.com", subscriptionType: "sell" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: "active" });
    expect(smtp.to("active@example.com")).toHaveLength(1);
    const [row] = await rowsFor("active@example.com");
    expect(row).toMatchObject({ status: "active", subscriptionType: "general" });
  });

  it("sends a new link to a pending address, and only the newest link works", async () => {
    await subscribe({ email: "twice@example.com" });
    const again = await subscribe({ email: "twice@example.com", locale: "nl" });
    expect(again.statusCode).toBe(202);
    const mails = smtp.to("twice@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.mail.subject).toBe("Bitte bestätige deine Anmeldung zum reloop-Newsletter");
    expect(mails[1]!.mail.subject).toBe("Bevestig je aanmelding voor de nieuwsbrief van reloop");
    const [first, second] = [tokenOf(mails[0]), tokenOf(mails[1])];
    expect(second).not.toBe(first);

    expect((await confirm(first)).statusCode).toBe(404);
    expect((await confirm(second)).json()).toEqual({ status: "active", email: "twice@example.com" });
    expect(await rowsFor("twice@example.com")).toHaveLength(1);
  });

  it("treats addresses case-insensitively and trims them", async () => {
    expect((await subscribe({ email: "Foo@Example.com" })).statusCode).toBe(202);
    expect((await subscribe({ email: "  foo@example.COM " })).statusCode).toBe(202);
    const mails = smtp.to("foo@example.com");
    expect(mails).toHaveLength(2);
    const rows = await database().db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = 'foo@example.com'`);
    expect(rows).toHaveLength(1);
    expect((await confirm(tokenOf(mails[1]))).json()).toEqual({ status: "active", email: "foo@example.com" });
    expect((await subscribe({ email: "FOO@EXAMPLE.COM" })).json()).toEqual({ status: "active" });
  });

  it("keeps the subscription when the mail cannot be sent, and a retry sends the link", async () => {
    const working = mailer;
    mailer = createMailer({ ...config, SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const res = await subscribe({ email: "unlucky@example.com" });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: "pending" });
    } finally {
      mailer = working;
    }
    expect(await rowsFor("unlucky@example.com")).toMatchObject([{ status: "pending" }]);
    expect(smtp.to("unlucky@example.com")).toHaveLength(0);

    await subscribe({ email: "unlucky@example.com" });
    expect((await confirm(tokenOf(smtp.to("unlucky@example.com")[0]))).statusCode).toBe(200);
  });
});

describe("bad input", () => {
  it("rejects an invalid e-mail address with a clear message, storing and sending nothing", async () => {
    const before = smtp.received.length;
    const res = await subscribe({ email: "not-an-address" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { code: "VALIDATION_FAILED", message: "Enter a valid e-mail address, like name@example.com", reference: "body.email" },
    ]);
    expect(await rowsFor("not-an-address")).toHaveLength(0);
    expect(smtp.received.length).toBe(before);
  });

  it("asks for the address when it is missing", async () => {
    const res = await subscribe({ source: "footer" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: "E-mail address is required", reference: "body.email" });
  });

  it("rejects a request without a body", async () => {
    const res = await app().inject({ method: "POST", url: "/api/newsletter/subscriptions" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: "VALIDATION_FAILED", reference: "body" });
  });

  it("rejects an unknown subscription type and an overlong source", async () => {
    const res = await subscribe({ email: "types@example.com", subscriptionType: "spam", source: "x".repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.source", "body.subscriptionType"]);
  });

  it("answers an unknown token with 404 NEWSLETTER_TOKEN_INVALID", async () => {
    const res = await confirm("definitely-not-a-token");
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([
      { code: "NEWSLETTER_TOKEN_INVALID", message: expect.stringContaining("unknown or has already been used"), reference: "body.token" },
    ]);
  });

  it("rejects a confirmation without a token", async () => {
    const res = await app().inject({ method: "POST", url: "/api/newsletter/confirmations", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: "Token is required", reference: "body.token" });
  });

  it("rejects a token with control characters before it reaches the database", async () => {
    const res = await confirm("abc\u0000def");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: "Token must not contain control characters", reference: "body.token" });
    const halfPair = await confirm("abc\ud800");
    expect(halfPair.statusCode).toBe(400);
    expect(halfPair.json().errors[0]).toMatchObject({ message: "Token contains a broken character", reference: "body.token" });
  });
});

describe("OpenAPI", () => {
  it("documents both operations under their route names", async () => {
    const doc = (await app().inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/newsletter/subscriptions"].post.operationId).toBe("api_newsletter_subscribe");
    expect(doc.paths["/api/newsletter/confirmations"].post.operationId).toBe("api_newsletter_confirm");
    expect(doc.paths["/api/newsletter/subscriptions"].post.responses["400"]).toBeDefined();
  });
});

describe("the account's newsletter preference", () => {
  async function demoSession() {
    const login = await app().inject({ method: "POST", url: "/api/customer/login", payload: { credentials: { email: "demo@reloop.local", password: "reloop-demo" } } });
    expect(login.statusCode).toBe(200);
    return { "reloop-session": login.cookies.find((c) => c.name === "reloop-session")!.value };
  }
  const preference = (cookies: Record<string, string>) => app().inject({ method: "GET", url: "/api/customer/newsletter", cookies });
  const setPreference = (cookies: Record<string, string>, subscribed: unknown) =>
    app().inject({ method: "PUT", url: "/api/customer/newsletter", payload: { subscribed } as object, cookies });

  it("turns on by the same double opt-in, and off at once", async () => {
    const cookies = await demoSession();
    expect((await preference(cookies)).json()).toEqual({ status: "none" });
    expect((await setPreference(cookies, true)).json()).toEqual({ status: "pending" });
    const [row] = await rowsFor("demo@reloop.local");
    expect(row).toMatchObject({ source: "account", status: "pending" });
    expect((await confirm(tokenOf(smtp.to("demo@reloop.local").at(-1)))).statusCode).toBe(200);
    expect((await preference(cookies)).json()).toEqual({ status: "active" });
    expect((await setPreference(cookies, false)).json()).toEqual({ status: "none" });
    expect(await rowsFor("demo@reloop.local")).toEqual([]);
  });

  it("needs a login and a yes or no", async () => {
    expect((await preference({})).statusCode).toBe(401);
    expect((await setPreference({}, true)).statusCode).toBe(401);
    const bad = await setPreference(await demoSession(), "yes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].reference).toBe("body.subscribed");
  });
});
