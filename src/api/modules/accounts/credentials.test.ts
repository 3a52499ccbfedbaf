import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { accountTokens, customers } from "../../../db/schema/accounts.ts";
import { createJobQueue } from "../../../jobs/queue.ts";
import { createMailer } from "../../../mail/mailer.ts";
import { accountCalls, SESSION, sessionOf, tokenIn, type Cookies } from "../../../test/account-helpers.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-test-server.ts";
import { hashToken } from "../../tokens.ts";

let now = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = () => now;
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const MINUTE = 60_000;
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
const { call, mailsTo, lastMailTo, register, login, userMeta, verify, signUp } = accountCalls({ app, smtp: () => smtp, drain: () => jobs().drain() });

const requestReset = (email: string) => call("POST", "/api/customer/password-resets", { payload: { email } });
const resetPassword = (token: string, password: string, cookies: Cookies = {}) =>
  call("POST", "/api/customer/password-resets/confirm", { payload: { token, password }, cookies });
const changeEmail = (cookies: Cookies, email: string, password: string) => call("PUT", "/api/customer/email", { payload: { email, password }, cookies });
const changePassword = (cookies: Cookies, currentPassword: string, newPassword: string) =>
  call("PUT", "/api/customer/password", { payload: { currentPassword, newPassword }, cookies });
const signedIn = async (cookies: Cookies) => (await userMeta(cookies)).json().user !== null;
const answerOf = (res: { statusCode: number; body: string; cookies: unknown[] }) => ({ status: res.statusCode, body: res.body, cookies: res.cookies });

describe("password reset", () => {
  it("mails a one-hour link in the account's language; the new password ends every session and signs in afresh", async () => {
    const first = await signUp("forgetful@example.com", "old password", "nl");
    const second = sessionOf(await login("forgetful@example.com", "old password"));
    const res = await requestReset("  Forgetful@Example.com ");
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "mail-requested" });

    const mail = (await lastMailTo("forgetful@example.com"))!.mail;
    expect(mail.subject).toBe("Je nieuwe wachtwoord voor reloop");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\/reset\?token=[\w-]{43}\b/);
    expect(mail.text).toContain("De link is een uur geldig en werkt maar één keer.");
    const token = tokenIn((await lastMailTo("forgetful@example.com"))!, "/auth/reset");
    const [stored] = await database().db.select().from(accountTokens).where(eq(accountTokens.purpose, "password_reset"));
    // Only the hash is kept, never the token itself.
    expect(stored).toMatchObject({ tokenHash: hashToken(token), email: "forgetful@example.com" });

    advance(59 * MINUTE);
    const reset = await resetPassword(token, "a brand new one", first);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: "password-reset", user: { uuid: expect.any(String), email: "forgetful@example.com", locale: "nl" } });
    const fresh = sessionOf(reset);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(fresh)).toBe(true);
    expect((await login("forgetful@example.com", "old password")).statusCode).toBe(401);
    expect((await login("forgetful@example.com", "a brand new one")).statusCode).toBe(200);

    const reused = await resetPassword(token, "yet another one");
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual([{ code: "RESET_TOKEN_INVALID", message: expect.any(String), reference: "body.token" }]);
    expect((await login("forgetful@example.com", "a brand new one")).statusCode).toBe(200);
  });

  it("refuses a link an hour old, an unknown one, and a short password", async () => {
    await signUp("late@example.com", "old password");
    await requestReset("late@example.com");
    const token = tokenIn(await lastMailTo("late@example.com"), "/auth/reset");
    const short = await resetPassword(token, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ reference: "body.password", message: "Password must have at least 8 characters" });

    advance(60 * MINUTE);
    for (const res of [await resetPassword(token, "too late now"), await resetPassword("no-such-token", "too late now")]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe("RESET_TOKEN_INVALID");
      expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
    }
    expect((await login("late@example.com", "old password")).statusCode).toBe(200);
  });

  it("answers an address without an account exactly alike and mails nothing; three mails an hour at most", async () => {
    await signUp("known@example.com");
    const before = (await mailsTo("known@example.com")).length;
    const known = await requestReset("known@example.com");
    const unknown = await requestReset("unknown@example.com");
    expect(answerOf(unknown)).toEqual(answerOf(known));
    expect(await mailsTo("unknown@example.com")).toHaveLength(0);

    for (let i = 0; i < 3; i++) expect(answerOf(await requestReset("known@example.com"))).toEqual(answerOf(known));
    expect(await mailsTo("known@example.com")).toHaveLength(before + 3);
    advance(60 * MINUTE);
    await requestReset("known@example.com");
    expect(await mailsTo("known@example.com")).toHaveLength(before + 4);
  });

  it("confirms the address of an account whose link from registration was never followed", async () => {
    await register({ email: "unconfirmed@example.com", password: "old password" });
    await requestReset("unconfirmed@example.com");
    const reset = await resetPassword(tokenIn(await lastMailTo("unconfirmed@example.com"), "/auth/reset"), "a brand new one");
    expect((await userMeta(sessionOf(reset))).json().user.emailVerified).toBe(true);
  });
});

describe("e-mail change", () => {
  it("mails a link to the new address; following it moves the account, confirms the address and tells the old one", async () => {
    const cookies = await signUp("old-address@example.com", "my password", "fr");
    const res = await changeEmail(cookies, "New-Address@Example.com", "my password");
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "verification-sent", email: "new-address@example.com" });
    // Nothing changes before the link is followed.
    expect((await userMeta(cookies)).json().user.email).toBe("old-address@example.com");

    const mail = await lastMailTo("new-address@example.com");
    expect(mail?.mail.subject).toBe("Confirmez votre nouvelle adresse e-mail pour reloop");
    const token = tokenIn(mail, "/auth/verify-email");
    const confirmed = await verify(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: "email-changed", user: { uuid: expect.any(String), email: "new-address@example.com", locale: "fr" } });
    expect((await userMeta(cookies)).json().user).toMatchObject({ email: "new-address@example.com", emailVerified: true });

    const notice = (await lastMailTo("old-address@example.com"))!.mail;
    expect(notice.subject).toBe("L'adresse e-mail de votre compte reloop a été modifiée");
    expect(notice.text).toContain("new-address@example.com");
    expect((await login("new-address@example.com", "my password")).statusCode).toBe(200);
    expect((await login("old-address@example.com", "my password")).statusCode).toBe(401);
    expect((await verify(token)).json().errors[0].code).toBe("VERIFICATION_TOKEN_INVALID");
  });

  it("needs the password and a different address, and only the last address asked for can be confirmed", async () => {
    const cookies = await signUp("careful@example.com", "my password");
    const wrong = await changeEmail(cookies, "elsewhere@example.com", "not my password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ code: "PASSWORD_INCORRECT", message: expect.any(String), reference: "body.password" }]);
    const same = await changeEmail(cookies, "CAREFUL@example.com", "my password");
    expect(same.json().errors[0]).toMatchObject({ code: "EMAIL_UNCHANGED", reference: "body.email" });
    expect((await call("PUT", "/api/customer/email", { payload: { email: "x@example.com", password: "my password" } })).statusCode).toBe(401);
    expect(await mailsTo("elsewhere@example.com")).toHaveLength(0);

    await changeEmail(cookies, "first-choice@example.com", "my password");
    await changeEmail(cookies, "second-choice@example.com", "my password");
    const firstChoice = tokenIn(await lastMailTo("first-choice@example.com"), "/auth/verify-email");
    expect((await verify(firstChoice)).statusCode).toBe(400);
    expect((await verify(tokenIn(await lastMailTo("second-choice@example.com"), "/auth/verify-email"))).json().user.email).toBe("second-choice@example.com");
  });

  it("answers 409 when another account has the address by then, and the link works once it is free", async () => {
    const mover = await signUp("mover@example.com", "my password");
    const holder = await signUp("wanted@example.com", "holder's password");
    await changeEmail(mover, "wanted@example.com", "my password");
    const token = tokenIn((await mailsTo("wanted@example.com")).find((m) => m.mail.subject?.includes("neue E-Mail-Adresse")), "/auth/verify-email");
    const conflict = await verify(token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors[0].code).toBe("EMAIL_ALREADY_REGISTERED");
    expect(conflict.cookies.find((c) => c.name === SESSION)).toBeUndefined();
    expect((await userMeta(mover)).json().user.email).toBe("mover@example.com");

    await changeEmail(holder, "holder-now@example.com", "holder's password");
    await verify(tokenIn(await lastMailTo("holder-now@example.com"), "/auth/verify-email"));
    expect((await verify(token)).json().status).toBe("email-changed");
    const [row] = await database().db.select({ email: customers.email }).from(customers).where(eq(customers.email, "wanted@example.com"));
    expect(row).toBeDefined();
    expect((await userMeta(mover)).json().user.email).toBe("wanted@example.com");
  });

  it("mails at most three change links an hour", async () => {
    const cookies = await signUp("restless@example.com", "my password");
    for (let i = 0; i < 3; i++) expect((await changeEmail(cookies, `restless-${i}@example.com`, "my password")).statusCode).toBe(202);
    const refused = await changeEmail(cookies, "restless-3@example.com", "my password");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("MAIL_LIMIT_REACHED");
    expect(refused.headers["retry-after"]).toBe("3600");
  });
});

describe("password change", () => {
  it("needs the current password, and ends every other session while this one stays", async () => {
    const here = await signUp("changer@example.com", "old password");
    const elsewhere = sessionOf(await login("changer@example.com", "old password"));
    const wrong = await changePassword(here, "not the old one", "a new password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ code: "PASSWORD_INCORRECT", message: expect.any(String), reference: "body.currentPassword" }]);
    const short = await changePassword(here, "old password", "short");
    expect(short.json().errors[0]).toMatchObject({ reference: "body.newPassword", message: "New password must have at least 8 characters" });
    expect(await signedIn(elsewhere)).toBe(true);

    const changed = await changePassword(here, "old password", "a new password");
    expect(changed.statusCode).toBe(204);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await login("changer@example.com", "old password")).statusCode).toBe(401);
    expect((await login("changer@example.com", "a new password")).statusCode).toBe(200);
  });

  it("ends every reset and address link mailed before", async () => {
    const cookies = await signUp("careful@example.com", "old password");
    await requestReset("careful@example.com");
    const reset = tokenIn(await lastMailTo("careful@example.com"), "/auth/reset");
    expect((await changeEmail(cookies, "careful-new@example.com", "old password")).statusCode).toBe(202);
    const move = tokenIn(await lastMailTo("careful-new@example.com"), "/auth/verify-email");

    expect((await changePassword(cookies, "old password", "a new password")).statusCode).toBe(204);
    expect((await resetPassword(reset, "taken over")).json().errors[0].code).toBe("RESET_TOKEN_INVALID");
    expect((await verify(move)).json().errors[0].code).toBe("VERIFICATION_TOKEN_INVALID");
    expect((await userMeta(cookies)).json().user.email).toBe("careful@example.com");
    expect((await login("careful@example.com", "a new password")).statusCode).toBe(200);
  });

  it("is slowed down like a login after five wrong passwords", async () => {
    const cookies = await signUp("guessed@example.com", "old password");
    for (let i = 0; i < 5; i++) expect((await changePassword(cookies, `guess ${i}`, "a new password")).statusCode).toBe(400);
    const locked = await changePassword(cookies, "old password", "a new password");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toMatchObject({ code: "LOGIN_TEMPORARILY_LOCKED", reference: "body.currentPassword" });
    expect(locked.headers["retry-after"]).toBe("1");
  });

  it("needs a login", async () => {
    const res = await changePassword({}, "old password", "a new password");
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("NOT_AUTHENTICATED");
  });
});
