/**
 * The mail server of the browser tests: a real SMTP server on 127.0.0.1 that the app Playwright
 * starts sends every mail to. It keeps each mail as an .eml file in the app's mail folder, where
 * the tests read them (fixtures.ts, mailTo), and refuses every address at bounces.example for good
 * (550), as a mailbox that does not exist, so the app marks such an address undeliverable.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startTestSmtpServer } from "../src/test/smtp-test-server.ts";

const port = Number(process.env.SMTP_PORT);
const folder = process.env.MAIL_DIR ?? "";
await startTestSmtpServer({
  port,
  refuses: (address) => address.endsWith("@bounces.example"),
  async onReceived({ raw }) {
    await mkdir(folder, { recursive: true });
    // Written aside and renamed: a reader sees a mail whole or not at all (the tests parse each file once).
    const name = join(folder, `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`);
    await writeFile(`${name}.part`, raw);
    await rename(`${name}.part`, name);
  },
});
process.stdout.write(`mail server on smtp://127.0.0.1:${port}, keeping mails in ${folder}\n`);
