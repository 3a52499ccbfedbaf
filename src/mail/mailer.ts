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

/** Sends mail; callers never know whether it goes to a server or a folder. A refused address rejects with PermanentDeliveryError. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The receiving server refused the mail for good: a 5xx reply to the recipient or to the message
 * itself. Sending it again cannot help. Other failures (connection, login, a 4xx) may pass.
 */
export class PermanentDeliveryError extends Error {
  constructor(
    readonly recipient: string,
    readonly responseCode: number,
    response: string,
  ) {
    super(`Mail to ${recipient} was refused: ${response}`);
    this.name = "PermanentDeliveryError";
  }
}

/** Only replies about the recipient or the message say anything about the address; a 5xx to AUTH or MAIL FROM is our own setup. */
const RECIPIENT_COMMANDS = new Set(["RCPT TO", "DATA"]);

function permanentFailure(err: unknown, recipient: string): PermanentDeliveryError | undefined {
  const { responseCode, command, response } = (err ?? {}) as { responseCode?: unknown; command?: unknown; response?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return undefined;
  if (typeof command !== "string" || !RECIPIENT_COMMANDS.has(command)) return undefined;
  return new PermanentDeliveryError(recipient, responseCode, typeof response === "string" ? response : String(responseCode));
}

type MailerConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;

/** SMTP when SMTP_URL is set; otherwise every mail lands as an .eml file in DATA_DIR/mail, readable with any mail client. */
export function createMailer(config: MailerConfig): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: config.MAIL_FROM, ...message });
        } catch (err) {
          throw permanentFailure(err, message.to) ?? err;
        }
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
