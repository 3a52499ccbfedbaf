import type { Mailer } from "./mailer.ts";

/**
 * The mailer that keeps a line per mail sent (recipient and subject, no body) for support. The
 * line is written after the mail went out; a log that cannot be written is reported, never a
 * reason to send the mail again.
 */
export function recordingSentMails(mailer: Mailer, record: (to: string, subject: string) => Promise<void>, log: (msg: string, err: unknown) => void): Mailer {
  return {
    async send(message) {
      await mailer.send(message);
      await record(message.to, message.subject).catch((err: unknown) => log(`The mail "${message.subject}" was sent but not logged`, err));
    },
  };
}
