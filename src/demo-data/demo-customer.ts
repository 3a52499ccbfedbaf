import { hashPassword } from "../api/modules/accounts/passwords.ts";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema/accounts.ts";

/** The demo account, so the account area can be tried at once (README lists the login). */
export const DEMO_CUSTOMER = { email: "demo@reloop.local", password: "reloop-demo" } as const;

/** A staff account: it may drive sales through the operations API (README lists the login). */
export const DEMO_STAFF = { email: "staff@reloop.local", password: "reloop-staff" } as const;

export async function seedDemoCustomer(db: Db): Promise<void> {
  await db
    .insert(customers)
    .values([
      { email: DEMO_CUSTOMER.email, passwordHash: await hashPassword(DEMO_CUSTOMER.password), locale: "de" },
      { email: DEMO_STAFF.email, passwordHash: await hashPassword(DEMO_STAFF.password), locale: "en", role: "staff" as const },
    ])
    .onConflictDoNothing({ target: customers.email });
}
