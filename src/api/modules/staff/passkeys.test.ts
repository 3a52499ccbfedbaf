import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema/staff.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { softwarePasskey } from "../../../test/software-passkey.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { totpCode } from "../../../test/staff-session.ts";

/** The app's clock runs this far ahead of the real one: challenges expire without waiting. */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
const { app, database } = setupTestApp({ clock: now });
const { call, codeOf, newCustomer } = sellFixtures(app, database);
const ORIGIN = "http://localhost:3000";
/** sellFixtures' newCustomer registers every account with this password. */
const PASSWORD = "a-long-enough-password-1";

/** A staff account without any second factor, logged in with its password only. */
async function newcomer(email: string): Promise<Cookies> {
  // newStaffMember's own session counts as having given a factor; a fresh login has not.
  await newStaffMember({ newCustomer }, database(), email, ["receiving"]);
  const fresh: Cookies = {};
  expect((await call("POST", "/api/customer/login", fresh, { credentials: { email, password: PASSWORD } })).statusCode, "login").toBe(200);
  return fresh;
}

async function register(session: Cookies, passkey: ReturnType<typeof softwarePasskey>, name = "Laptop") {
  const options = await call("POST", "/api/ops/second-factor/passkeys/options", session);
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json()).toMatchObject({ rp: { id: "localhost" }, attestation: "none" });
  return call("POST", "/api/ops/second-factor/passkeys", session, { name, response: passkey.register(options.json()) });
}

async function signIn(session: Cookies, passkey: ReturnType<typeof softwarePasskey>, change: Parameters<ReturnType<typeof softwarePasskey>["assert"]>[1] = {}) {
  const options = await call("POST", "/api/ops/second-factor/passkey-challenge", session);
  expect(options.statusCode, options.body).toBe(200);
  return call("POST", "/api/ops/second-factor", session, { passkey: passkey.assert(options.json(), change) });
}

describe("staff passkeys", () => {
  it("registers a passkey as an account's first factor, which then opens later sessions", async () => {
    const email = "passkey-first@example.com";
    const session = await newcomer(email);
    expect(codeOf(await call("GET", "/api/ops/sales", session))).toBe("SECOND_FACTOR_REQUIRED");
    const passkey = softwarePasskey(ORIGIN);
    const registered = await register(session, passkey, "Desk laptop");
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().secondFactor).toMatchObject({ given: true, totpEnrolled: false, passkeys: [{ id: passkey.id, name: "Desk laptop", lastUsedAt: null }] });
    expect((await call("GET", "/api/ops/sales", session)).statusCode).toBe(200);

    // The next login: the password alone is not enough, the passkey is.
    const next: Cookies = {};
    await call("POST", "/api/customer/login", next, { credentials: { email, password: PASSWORD } });
    expect(codeOf(await call("GET", "/api/ops/sales", next))).toBe("SECOND_FACTOR_REQUIRED");
    // With a factor in place, the password alone adds no other factor.
    expect(codeOf(await call("POST", "/api/ops/second-factor/passkeys/options", next))).toBe("SECOND_FACTOR_REQUIRED");
    expect(codeOf(await call("POST", "/api/ops/second-factor/totp", next))).toBe("SECOND_FACTOR_REQUIRED");
    const given = await signIn(next, passkey);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().secondFactor.passkeys[0].lastUsedAt).not.toBeNull();
    expect((await call("GET", "/api/ops/sales", next)).statusCode).toBe(200);
  });

  it("refuses an answer from another origin, to another session's challenge, a replayed counter, a used challenge and an expired one", async () => {
    const email = "passkey-refusals@example.com";
    const first = await newcomer(email);
    const passkey = softwarePasskey(ORIGIN);
    expect((await register(first, passkey)).statusCode).toBe(200);
    const session: Cookies = {};
    await call("POST", "/api/customer/login", session, { credentials: { email, password: PASSWORD } });

    const phishing = await signIn(session, passkey, { from: "https://reloop.example.net" });
    expect([phishing.statusCode, codeOf(phishing)]).toEqual([400, "SECOND_FACTOR_INVALID"]);

    // Another session's challenge does not open this one.
    const otherOptions = (await call("POST", "/api/ops/second-factor/passkey-challenge", first)).json();
    const stolen = await call("POST", "/api/ops/second-factor", session, { passkey: passkey.assert(otherOptions) });
    expect(codeOf(stolen)).toBe("SECOND_FACTOR_INVALID");

    // A signature counter that did not rise: a cloned key.
    const cloned = await signIn(session, passkey, { replayCounter: 1 });
    expect(codeOf(cloned)).toBe("SECOND_FACTOR_INVALID");

    // A challenge works once.
    const options = (await call("POST", "/api/ops/second-factor/passkey-challenge", session)).json();
    const answer = passkey.assert(options);
    expect((await call("POST", "/api/ops/second-factor", session, { passkey: answer })).statusCode).toBe(200);
    expect(codeOf(await call("POST", "/api/ops/second-factor", session, { passkey: answer }))).toBe("SECOND_FACTOR_INVALID");

    // And only for five minutes.
    const late = (await call("POST", "/api/ops/second-factor/passkey-challenge", session)).json();
    ahead += 6 * 60_000;
    expect(codeOf(await call("POST", "/api/ops/second-factor", session, { passkey: passkey.assert(late) }))).toBe("SECOND_FACTOR_INVALID");
    ahead = 0;
  });

  it("refuses a registration that does not answer the challenge, and malformed answers with the field named", async () => {
    const session = await newcomer("passkey-bad-input@example.com");
    const passkey = softwarePasskey(ORIGIN);
    const options = (await call("POST", "/api/ops/second-factor/passkeys/options", session)).json();
    const wrong = await call("POST", "/api/ops/second-factor/passkeys", session, { name: "Phone", response: passkey.register({ challenge: "bm90LXRoZS1jaGFsbGVuZ2U" }) });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, "PASSKEY_REGISTRATION_INVALID"]);
    // The failed try took the challenge: a new one is needed.
    expect(codeOf(await call("POST", "/api/ops/second-factor/passkeys", session, { name: "Phone", response: passkey.register(options) }))).toBe("PASSKEY_REGISTRATION_INVALID");
    const noName = await call("POST", "/api/ops/second-factor/passkeys", session, { name: " ", response: passkey.register(options) });
    expect([noName.statusCode, codeOf(noName), noName.json().errors[0].reference]).toEqual([400, "VALIDATION_FAILED", "body.name"]);
    const garbage = await call("POST", "/api/ops/second-factor", session, { passkey: { id: "x", rawId: "x", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON: "!!", authenticatorData: "", signature: "" } } });
    expect([garbage.statusCode, codeOf(garbage)]).toEqual([400, "VALIDATION_FAILED"]);
    const notEnrolled = await call("POST", "/api/ops/second-factor/passkey-challenge", session);
    expect([notEnrolled.statusCode, codeOf(notEnrolled)]).toEqual([400, "SECOND_FACTOR_NOT_ENROLLED"]);
  });

  it("adds a second passkey after the factor, removes a lost one with the removal audited, and keeps the last factor", async () => {
    const session = await newcomer("passkey-two@example.com");
    const laptop = softwarePasskey(ORIGIN);
    const phone = softwarePasskey(ORIGIN);
    expect((await register(session, laptop, "Laptop")).statusCode).toBe(200);
    const both = await register(session, phone, "Phone");
    expect(both.json().secondFactor.passkeys.map((p: { name: string }) => p.name)).toEqual(["Laptop", "Phone"]);
    // The same authenticator again is refused, not a second row.
    expect(codeOf(await register(session, phone, "Phone again"))).toBe("PASSKEY_REGISTRATION_INVALID");

    const removed = await call("DELETE", `/api/ops/second-factor/passkeys/${phone.id}`, session);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().secondFactor.passkeys.map((p: { name: string }) => p.name)).toEqual(["Laptop"]);
    expect(codeOf(await call("DELETE", `/api/ops/second-factor/passkeys/${phone.id}`, session))).toBe("PASSKEY_NOT_FOUND");
    const rows = await database().db.select({ action: auditLog.action, before: auditLog.before }).from(auditLog).where(eq(auditLog.actorEmail, "passkey-two@example.com")).orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(["staff.passkey_added", "staff.passkey_added", "staff.passkey_removed"]);
    expect(rows[2]!.before).toEqual({ passkey: "Phone", id: phone.id });
    const last = await call("DELETE", `/api/ops/second-factor/passkeys/${laptop.id}`, session);
    expect([last.statusCode, codeOf(last)]).toEqual([409, "LAST_SECOND_FACTOR"]);
    // The removed passkey opens nothing any more.
    const next: Cookies = {};
    await call("POST", "/api/customer/login", next, { credentials: { email: "passkey-two@example.com", password: PASSWORD } });
    const options = (await call("POST", "/api/ops/second-factor/passkey-challenge", next)).json();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([laptop.id]);
    expect(codeOf(await call("POST", "/api/ops/second-factor", next, { passkey: phone.assert(options) }))).toBe("SECOND_FACTOR_INVALID");
  });

  it("lets an account with an authenticator app add a passkey only after its code", async () => {
    const session = await newcomer("passkey-after-totp@example.com");
    const setup = (await call("POST", "/api/ops/second-factor/totp", session)).json();
    expect((await call("POST", "/api/ops/second-factor", session, { code: await totpCode(setup.secret, now()) })).statusCode).toBe(200);
    const later: Cookies = {};
    await call("POST", "/api/customer/login", later, { credentials: { email: "passkey-after-totp@example.com", password: PASSWORD } });
    expect(codeOf(await call("POST", "/api/ops/second-factor/passkeys/options", later))).toBe("SECOND_FACTOR_REQUIRED");
    const passkey = softwarePasskey(ORIGIN);
    expect((await register(session, passkey)).statusCode).toBe(200);
    const me = (await call("GET", "/api/ops/me", session)).json();
    expect(me.secondFactor).toMatchObject({ totpEnrolled: true, passkeys: [{ id: passkey.id }] });
  });
});
