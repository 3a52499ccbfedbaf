import { PermanentDeliveryError, type Mailer } from "./mailer.ts";

/**
 * The mailer jobs send with: when the receiving server refuses an address for good, the address
 * is marked undeliverable and the send counts as done, so the job is not retried for nothing.
 * Every other failure still rejects, and the job's retry sends again.
 */
export function markingUndeliverable(mailer: Mailer, markUndeliverable: (email: string) => Promise<void>): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (err) {
        if (!(err instanceof PermanentDeliveryError)) throw err;
        await markUndeliverable(err.recipient);
      }
    },
  };
}
