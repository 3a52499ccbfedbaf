import { normalizeEmail } from "../domain/accounts/accounts.ts";
import type { Db } from "./client.ts";
import { sentMails } from "./schema/support.ts";

/** The support module's function for the mailer: one line per mail sent. */
export async function recordSentMail(db: Db, to: string, subject: string): Promise<void> {
  await db.insert(sentMails).values({ recipient: normalizeEmail(to), subject });
}
