import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../config.ts";
import { selectRows } from "../db/client.ts";
import { createJobQueue } from "../jobs/queue.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { setupTestApp } from "./api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp-test-server.ts";

/**
 * The API for the whole test file, with a job queue on a test clock and a real mailer to a test SMTP server.
 * With a clock the queue never polls: jobs run when the test drains it, at the test's time, which starts at
 * the real time and moves only by `setNow`.
 */
export function setupMailJobsApp(options: { env?: Record<string, string> } = {}) {
  let now = new Date();
  const clock = () => now;
  const config = loadConfig({ NODE_ENV: "test" });
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailer = createMailer({ ...config, SMTP_URL: smtp.url });
  });
  afterAll(() => smtp.close());

  const { app, database, jobs } = setupTestApp({
    ...(options.env ? { env: options.env } : {}),
    clock,
    mailer: { send: (message) => mailer.send(message) },
    jobs: (db) => createJobQueue(db, { clock, log: () => {} }),
  });
  return {
    app,
    database,
    jobs,
    smtp: () => smtp,
    now: clock,
    setNow: (date: Date) => {
      now = date;
    },
    /** The subjects of the mails sent to an address, oldest first. */
    subjectsTo: (address: string) => smtp.to(address).map((r) => r.mail.subject),
    /** Jobs that failed or wait for a retry: none, when every job did its work. */
    troubledJobs: () => selectRows<{ name: string; state: string }>(database().db, sql`select name, state from pgboss.job where state in ('retry', 'failed')`),
  };
}
