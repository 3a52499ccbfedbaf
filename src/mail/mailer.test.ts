import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.ts";

// Lives here because the vitest projects do not include src/mail yet.
describe("the mail folder transport (no SMTP_URL)", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("writes each mail as an .eml file into DATA_DIR/mail", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "reloop-mail-"));
    dirs.push(dataDir);
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Reloop <hello@reloop.local>" });
    await mailer.send({ to: "anna@example.com", subject: "Grüße", text: "Hallo Anna", html: "<p>Hallo Anna</p>" });
    await mailer.send({ to: "ben@example.com", subject: "Second", text: "Hi Ben", html: "<p>Hi Ben</p>" });

    const folder = join(dataDir, "mail");
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".eml"))).toBe(true);
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(folder, f)))));
    const anna = mails.find((m) => m.subject === "Grüße");
    expect(anna?.from?.text).toBe('"Reloop" <hello@reloop.local>');
    expect(anna?.text?.trim()).toBe("Hallo Anna");
    expect(anna?.html).toContain("<p>Hallo Anna</p>");
    expect(mails.map((m) => m.subject).sort()).toEqual(["Grüße", "Second"]);
  });
});
