import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../../demo-data/demo-customer.ts";
import type { MailMessage } from "../../../mail/mailer.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { totpCode } from "../../../test/staff-session.ts";

/** The app's clock runs this far ahead of the real one: idle sessions and fresh codes without waiting. */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
const outbox: MailMessage[] = [];
const { app, database } = setupTestApp({ clock: now, mailer: { send: async (message) => void outbox.push(message) } });
const { call, codeOf, newCustomer } = sellFixtures(app, database);
const STEP_MS = 30_000;

/** Logs in with the password only: the session still lacks its second factor. */
async function passwordOnly(email: string, password: string): Promise<Cookies> {
  const cookies: Cookies = {};
  expect((await call("POST", "/api/customer/login", cookies, { credentials: { email, password } })).statusCode).toBe(200);
  return cookies;
}

/** The next TOTP step's code, moving the clock on so a code is never one used before. */
async function freshCode(secret: string): Promise<string> {
  ahead += STEP_MS;
  return totpCode(secret, now());
}

async function admin(): Promise<Cookies> {
  const cookies = await passwordOnly(DEMO_STAFF.email, DEMO_STAFF.password);
  expect((await call("POST", "/api/ops/second-factor", cookies, { code: await freshCode(DEMO_STAFF.totpSecret) })).statusCode).toBe(200);
  return cookies;
}

describe("the operations API's doors", () => {
  it("does not exist for visitors and customers: 404 on every operation, before validation", async () => {
    const customer = await newCustomer("doors-customer@example.com");
    for (const cookies of [{}, customer]) {
      for (const [method, url] of [
        ["GET", "/api/ops/me"],
        ["POST", "/api/ops/second-factor"],
        ["GET", "/api/ops/staff"],
        ["GET", "/api/ops/audit?page=nope"],
      ] as const) {
        const res = await call(method, url, cookies, method === "POST" ? { code: "nope" } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(codeOf(res)).toBe("ROUTE_NOT_FOUND");
      }
    }
  });

  it("lets staff in only with the second factor: a wrong code, a used code and no code are refused", async () => {
    const session = await passwordOnly(DEMO_STAFF.email, DEMO_STAFF.password);
    const me = await call("GET", "/api/ops/me", session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: DEMO_STAFF.email, roles: expect.arrayContaining(["admin", "finance"]), secondFactor: { totpEnrolled: true, given: false } });
    const blocked = await call("GET", "/api/ops/staff", session);
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([401, "SECOND_FACTOR_REQUIRED"]);
    expect(codeOf(await call("GET", "/api/ops/content?type=page", session))).toBe("SECOND_FACTOR_REQUIRED");

    const code = await freshCode(DEMO_STAFF.totpSecret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(codeOf(await call("POST", "/api/ops/second-factor", session, { code: wrong }))).toBe("SECOND_FACTOR_INVALID");
    expect(codeOf(await call("POST", "/api/ops/second-factor", session, { code: "12ab56" }))).toBe("VALIDATION_FAILED");
    const before = now().getTime();
    const given = await call("POST", "/api/ops/second-factor", session, { code });
    expect(given.statusCode).toBe(200);
    expect(given.json().secondFactor).toMatchObject({ totpEnrolled: true, given: true });
    // Finance actions need no new code for five minutes from now.
    const recentUntil = Date.parse(given.json().secondFactor.recentUntil);
    expect(recentUntil).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(recentUntil).toBeLessThanOrEqual(now().getTime() + 5 * 60_000);
    expect((await call("GET", "/api/ops/staff", session)).statusCode).toBe(200);

    // The same code once more, from another session within its 30 seconds: replayed, refused.
    const other = await passwordOnly(DEMO_STAFF.email, DEMO_STAFF.password);
    expect(codeOf(await call("POST", "/api/ops/second-factor", other, { code }))).toBe("SECOND_FACTOR_INVALID");
  });

  it("ends a staff session after 30 idle minutes, and keeps one in use alive", async () => {
    const session = await admin();
    ahead += 20 * 60_000;
    expect((await call("GET", "/api/ops/me", session)).statusCode).toBe(200);
    ahead += 20 * 60_000;
    expect((await call("GET", "/api/ops/staff", session)).statusCode).toBe(200);
    ahead += 31 * 60_000;
    const idle = await call("GET", "/api/ops/staff", session);
    expect([idle.statusCode, codeOf(idle)]).toEqual([401, "STAFF_SESSION_EXPIRED"]);
  });
});

describe("staff and roles", () => {
  it("invites by mailed link, enrols a TOTP app, refuses what the roles do not allow, and deactivates", async () => {
    const boss = await admin();
    const invited = await call("POST", "/api/ops/staff/invitations", boss, { email: "Receiving.Desk@example.com", roles: ["receiving"], locale: "en" });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().invitations).toContainEqual(expect.objectContaining({ email: "receiving.desk@example.com", roles: ["receiving"] }));
    const mail = outbox.find((m) => m.to === "receiving.desk@example.com")!;
    expect(mail.subject).toContain("back-office");
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;

    // Another account cannot take the link; the invited address can, once.
    const stranger = await newCustomer("stranger@example.com");
    expect(codeOf(await call("POST", "/api/staff-invitations/accept", stranger, { token }))).toBe("STAFF_INVITATION_WRONG_ACCOUNT");
    const desk = await newCustomer("receiving.desk@example.com");
    expect((await call("POST", "/api/staff-invitations/accept", desk, { token })).statusCode).toBe(204);
    expect(codeOf(await call("POST", "/api/staff-invitations/accept", desk, { token }))).toBe("STAFF_INVITATION_INVALID");

    // Before a TOTP app is set up, a code cannot be given; the setup's secret makes the codes.
    expect((await call("GET", "/api/ops/me", desk)).json().secondFactor).toEqual({ totpEnrolled: false, passkeys: [], given: false, recentUntil: null });
    expect(codeOf(await call("POST", "/api/ops/second-factor", desk, { code: "123456" }))).toBe("SECOND_FACTOR_NOT_ENROLLED");
    const setup = (await call("POST", "/api/ops/second-factor/totp", desk)).json();
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await call("POST", "/api/ops/second-factor", desk, { code: await freshCode(setup.secret) })).json().secondFactor).toMatchObject({ totpEnrolled: true, given: true });
    expect(codeOf(await call("POST", "/api/ops/second-factor/totp", desk))).toBe("SECOND_FACTOR_ALREADY_ENROLLED");

    // Receiving is not admin work: 403 in the error shape.
    const refused = await call("GET", "/api/ops/staff", desk);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "ROLE_REQUIRED"]);
    expect(codeOf(await call("GET", "/api/ops/audit", desk))).toBe("ROLE_REQUIRED");

    const member = (await call("GET", "/api/ops/staff", boss)).json().staff.find((s: { email: string }) => s.email === "receiving.desk@example.com");
    expect(member).toMatchObject({ roles: ["receiving"], active: true, totpEnrolled: true });
    expect((await call("PATCH", `/api/ops/staff/${member.uuid}`, boss, { roles: ["receiving", "grading"] })).statusCode).toBe(200);
    expect((await call("PATCH", `/api/ops/staff/${member.uuid}`, boss, { active: false })).statusCode).toBe(200);
    // Deactivated: the back-office is gone for them, their account stays a customer's.
    expect((await call("GET", "/api/ops/me", desk)).statusCode).toBe(404);
    expect((await call("GET", "/api/customer/addresses", desk)).statusCode).toBe(200);
  });

  it("keeps at least one active admin, and says which member is unknown", async () => {
    const boss = await admin();
    const me = (await call("GET", "/api/ops/me", boss)).json();
    const demoted = await call("PATCH", `/api/ops/staff/${me.uuid}`, boss, { roles: ["finance"] });
    expect([demoted.statusCode, codeOf(demoted)]).toEqual([409, "LAST_ADMIN"]);
    expect(codeOf(await call("PATCH", `/api/ops/staff/${me.uuid}`, boss, { active: false }))).toBe("LAST_ADMIN");
    expect(codeOf(await call("PATCH", "/api/ops/staff/00000000-0000-4000-8000-000000000000", boss, { active: false }))).toBe("STAFF_NOT_FOUND");
    expect(codeOf(await call("PATCH", `/api/ops/staff/${me.uuid}`, boss, {}))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("POST", "/api/ops/staff/invitations", boss, { email: "x@example.com", roles: ["janitor"] }))).toBe("VALIDATION_FAILED");
  });
});

describe("the audit log", () => {
  it("has a row for every staff action, with who, what, before and after and the request, filtered", async () => {
    const boss = await admin();
    const page = (await call("GET", "/api/ops/audit?action=staff.update", boss)).json();
    expect(page.total).toBeGreaterThanOrEqual(2);
    const deactivation = page.entries.find((e: { after: { active?: boolean } }) => e.after?.active === false);
    expect(deactivation).toMatchObject({ actorEmail: DEMO_STAFF.email, entityType: "staff", before: { active: true }, after: { active: false, roles: ["receiving", "grading"] }, requestId: expect.any(String) });
    const kinds = (await call("GET", "/api/ops/audit?action=staff.", boss)).json().entries.map((e: { action: string }) => e.action);
    expect(kinds).toEqual(expect.arrayContaining(["staff.invite", "staff.invitation_accepted", "staff.totp_enrolled", "staff.second_factor", "staff.update"]));
    const byActor = (await call("GET", "/api/ops/audit?actor=receiving.desk", boss)).json();
    expect(byActor.entries.every((e: { actorEmail: string }) => e.actorEmail === "receiving.desk@example.com")).toBe(true);
    expect(byActor.total).toBeGreaterThan(0);
    expect((await call("GET", `/api/ops/audit?from=${encodeURIComponent(new Date(now().getTime() + 3_600_000).toISOString())}`, boss)).json().total).toBe(0);
    expect(codeOf(await call("GET", "/api/ops/audit?from=yesterday", boss))).toBe("VALIDATION_FAILED");
  });

  it("cannot be changed or emptied by the application's database role", async () => {
    const db = database().db;
    for (const statement of [sql`update audit_log set action = 'forged'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      await expect(db.execute(statement)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/audit_log is append-only/) } });
    }
    const forged = (await db.execute(sql`select count(*)::int as n from audit_log where action = 'forged'`)) as unknown as { rows: unknown[] };
    expect(forged.rows).toEqual([{ n: 0 }]);
  });
});
