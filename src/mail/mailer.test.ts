import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { startTestSmtpServer } from "../test/smtp-test-server.ts";
import { createMailer, PermanentDeliveryError, type MailMessage } from "./mailer.ts";
import { markingUndeliverable } from "./undeliverable.ts";

const withPdf: MailMessage = {
  to: "carla@example.com",
  subject: "Rechnung",
  text: "Im Anhang",
  html: "<p>Im Anhang</p>",
  attachments: [{ filename: "Rechnung-R26-001234.pdf", content: Buffer.from("%PDF-1.3\n%test\n"), contentType: "application/pdf" }],
};

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

  it("keeps attachments with their name, type and bytes", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "reloop-mail-"));
    dirs.push(dataDir);
    await createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Reloop <hello@reloop.local>" }).send(withPdf);
    const folder = join(dataDir, "mail");
    const [file] = readdirSync(folder);
    const mail = await simpleParser(readFileSync(join(folder, file!)));
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([["Rechnung-R26-001234.pdf", "application/pdf", "%PDF-1.3\n%test\n"]]);
  });
});

describe("the SMTP transport", () => {
  it("delivers attachments", async () => {
    const smtp = await startTestSmtpServer();
    try {
      await createMailer({ DATA_DIR: "unused", MAIL_FROM: "Reloop <hello@reloop.local>", SMTP_URL: smtp.url }).send(withPdf);
      const [received] = smtp.to("carla@example.com");
      expect(received?.mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([["Rechnung-R26-001234.pdf", "application/pdf", "%PDF-1.3\n%test\n"]]);
    } finally {
      await smtp.close();
    }
  });
});

describe("refused mail", () => {
  const message = (to: string): MailMessage => ({ to, subject: "Hallo", text: "Hallo", html: "<p>Hallo</p>" });

  it("rejects with PermanentDeliveryError when the server refuses the recipient for good", async () => {
    const smtp = await startTestSmtpServer();
    try {
      smtp.refuse("gone@example.com");
      const mailer = createMailer({ DATA_DIR: "unused", MAIL_FROM: "Reloop <hello@reloop.local>", SMTP_URL: smtp.url });
      const refused = await mailer.send(message("gone@example.com")).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(PermanentDeliveryError);
      expect(refused).toMatchObject({ recipient: "gone@example.com", responseCode: 550 });
      await mailer.send(message("here@example.com"));
      expect(smtp.to("here@example.com")).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("are marked undeliverable and count as sent by the jobs' mailer; other failures still reject", async () => {
    const smtp = await startTestSmtpServer();
    try {
      smtp.refuse("gone@example.com");
      const marked: string[] = [];
      const mark = async (email: string) => void marked.push(email);
      const jobsMailer = markingUndeliverable(createMailer({ DATA_DIR: "unused", MAIL_FROM: "Reloop <hello@reloop.local>", SMTP_URL: smtp.url }), mark);
      await jobsMailer.send(message("gone@example.com"));
      expect(marked).toEqual(["gone@example.com"]);

      const unreachable = markingUndeliverable(createMailer({ DATA_DIR: "unused", MAIL_FROM: "Reloop <hello@reloop.local>", SMTP_URL: "smtp://127.0.0.1:1" }), mark);
      await expect(unreachable.send(message("someone@example.com"))).rejects.toThrow();
      expect(marked).toEqual(["gone@example.com"]);
    } finally {
      await smtp.close();
    }
  });
});
