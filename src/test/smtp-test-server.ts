import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients, as the server saw them. */
  to: string[];
  mail: ParsedMail;
  /** The message as it came over the wire. */
  raw: Buffer;
}

export interface TestSmtpServerOptions {
  /** Default: a free one. */
  port?: number;
  /** Recipients refused for good (550) from the start, besides those named through refuse(). */
  refuses?: (address: string) => boolean;
  /** Told of every mail once it is kept. */
  onReceived?: (mail: ReceivedMail) => Promise<void> | void;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Mails whose envelope goes to this address. */
  to(address: string): ReceivedMail[];
  /** From now on the server refuses this recipient for good (550), as for a mailbox that does not exist. */
  refuse(address: string): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every mail, parsed. The server answers
 * only after parsing, so a mail is in `received` once the sender's send() has resolved.
 */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      if (!refused.has(recipient) && !options.refuses?.(recipient)) return callback();
      callback(Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (mail) => {
            const kept = { to: session.envelope.rcptTo.map((r) => r.address), mail, raw };
            received.push(kept);
            await options.onReceived?.(kept);
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((r) => r.to.includes(address)),
    refuse: (address) => refused.add(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
