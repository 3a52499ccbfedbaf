import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { selectRows } from "../../../db/client.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { createJobQueue } from "../../../jobs/queue.ts";
import { createMailer } from "../../../mail/mailer.ts";
import { accountCalls, tokenIn, type Cookies } from "../../../test/account-helpers.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-test-server.ts";

const SECRET = "bounce-secret-for-tests";
let mailServerUrl: string | undefined;
const HEADER = "x-email-delivery-impossible";
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = () => now;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());
const config = loadConfig({ NODE_ENV: "test" });
const { app, database, jobs } = setupTestApp({
  clock,
  env: { MAIL_BOUNCE_SECRET: SECRET },
  // Tests may point it at a mail server that cannot be reached.
  mailer: { send: (message) => createMailer({ ...config, SMTP_URL: mailServerUrl ?? smtp.url }).send(message) },
  jobs: (db) => createJobQueue(db, { clock, log: () => {} }),
});
const { call, lastMailTo, userMeta, verify, signUp } = accountCalls({ app, smtp: () => smtp, drain: () => jobs().drain() });

const bounce = (payload: unknown, secret: string | null = SECRET) =>
  call("POST", "/api/mail/bounces", { payload, headers: secret === null ? {} : { "x-mail-bounce-secret": secret } });
async function undeliverableAt(email: string) {
  const [row] = await database().db.select({ at: customers.emailUndeliverableAt }).from(customers).where(eq(customers.email, email));
  return row?.at;
}
/** The header on answers of every kind: the customer's own data, the catalogue, an error. */
async function headersFor(cookies: Cookies) {
  const answers = await Promise.all([userMeta(cookies), call("GET", "/api/cart", { cookies }), call("GET", "/api/announcements?locale=de", { cookies }), call("GET", "/api/no-such-thing", { cookies })]);
  return answers.map((res) => res.headers[HEADER]);
}

describe("api_mail_bounce", () => {
  it("needs the shared secret before it looks at the body", async () => {
    for (const secret of [null, "wrong secret"]) {
      const res = await bounce({ email: "not an address" }, secret);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual([{ code: "BOUNCE_SECRET_INVALID", message: expect.any(String), reference: "x-mail-bounce-secret" }]);
    }
    const bad = await bounce({ email: "someone@example.com", type: "soft" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].reference).toBe("body.type");
    expect((await bounce({ email: "nobody-here@example.com", type: "permanent" })).statusCode).toBe(204);
  });

  it("marks a permanently bounced address: every answer to its customer says so, until the address changes", async () => {
    const cookies = await signUp("bounced@example.com", "my password");
    expect(await headersFor(cookies)).toEqual([undefined, undefined, undefined, undefined]);

    expect((await bounce({ email: "Bounced@Example.com", type: "transient" })).statusCode).toBe(204);
    expect(await undeliverableAt("bounced@example.com")).toBeNull();
    expect((await bounce({ email: "Bounced@Example.com", type: "permanent" })).statusCode).toBe(204);
    expect(await undeliverableAt("bounced@example.com")).not.toBeNull();
    expect(await headersFor(cookies)).toEqual(["1", "1", "1", "1"]);
    expect((await userMeta(cookies)).json().user.emailDeliverable).toBe(false);
    // Visitors and other customers see nothing of it.
    expect((await userMeta({})).headers[HEADER]).toBeUndefined();
    expect(await headersFor(await signUp("fine@example.com"))).toEqual([undefined, undefined, undefined, undefined]);

    await call("PUT", "/api/customer/email", { payload: { email: "working@example.com", password: "my password" }, cookies });
    // Asking is not enough: the new address must be proven first.
    expect((await userMeta(cookies)).headers[HEADER]).toBe("1");
    await verify(tokenIn(await lastMailTo("working@example.com"), "/auth/verify-email"));
    expect(await headersFor(cookies)).toEqual([undefined, undefined, undefined, undefined]);
    expect((await userMeta(cookies)).json().user.emailDeliverable).toBe(true);
  });

  it("marks the address when the mail server refuses it for good during a mail job, and does not retry", async () => {
    const cookies = await signUp("vanished@example.com");
    smtp.refuse("vanished@example.com");
    await call("POST", "/api/customer/password-resets", { payload: { email: "vanished@example.com" } });
    expect(await jobs().drain()).toBe(1);
    expect(await undeliverableAt("vanished@example.com")).not.toBeNull();
    expect((await userMeta(cookies)).headers[HEADER]).toBe("1");
    // The job is done, not waiting for a retry.
    expect(await resetJobStates("vanished@example.com")).toEqual(["completed"]);
  });

  it("keeps an address deliverable when the mail server cannot be reached, and retries the job", async () => {
    const cookies = await signUp("flaky@example.com");
    await call("POST", "/api/customer/password-resets", { payload: { email: "flaky@example.com" } });
    mailServerUrl = "smtp://127.0.0.1:1";
    try {
      await jobs().drain();
    } finally {
      mailServerUrl = undefined;
    }
    expect(await undeliverableAt("flaky@example.com")).toBeNull();
    expect((await userMeta(cookies)).headers[HEADER]).toBeUndefined();
    expect(await resetJobStates("flaky@example.com")).toEqual(["retry"]);
  });
});

function resetJobStates(email: string): Promise<string[]> {
  return selectRows<{ state: string }>(
    database().db,
    sql`select state from pgboss.job where name = 'account.mail' and data->>'kind' = 'password-reset' and data->>'email' = ${email}`,
  ).then((rows) => rows.map((r) => r.state));
}
