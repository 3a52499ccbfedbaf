import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** Sends mail; callers never know whether it goes to a server or a folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type MailerConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;

/** SMTP when SMTP_URL is set; otherwise every mail lands as an .eml file in DATA_DIR/mail, readable with any mail client. */
export function createMailer(config: MailerConfig): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
    };
  }
  const folder = join(config.DATA_DIR, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      await mkdir(folder, { recursive: true });
      // Time first so the folder lists in sending order; the uuid keeps same-millisecond mails apart.
      const name = `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`;
      await writeFile(join(folder, name), info.message);
    },
  };
}
