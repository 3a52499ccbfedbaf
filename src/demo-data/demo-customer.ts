import { eq } from "drizzle-orm";
import { hashPassword } from "../api/modules/accounts/passwords.ts";
import type { Db } from "../db/client.ts";
import { customers } from "../db/schema/accounts.ts";
import { staffMembers } from "../db/schema/staff.ts";
import { STAFF_ROLES } from "../domain/staff/staff.ts";

/** The demo account, so the account area can be tried at once (README lists the login). */
export const DEMO_CUSTOMER = { email: "demo@reloop.local", password: "reloop-demo" } as const;

/**
 * A staff account with every role, its TOTP app already set up: README lists the login and the
 * secret to add to an authenticator app (or to compute codes from in tests).
 */
export const DEMO_STAFF = { email: "staff@reloop.local", password: "reloop-staff", totpSecret: "RELOOPSTAFFDEMOSECRETKEYABCDEFGH" } as const;

export async function seedDemoCustomer(db: Db): Promise<void> {
  await db
    .insert(customers)
    .values([
      { email: DEMO_CUSTOMER.email, passwordHash: await hashPassword(DEMO_CUSTOMER.password), locale: "de" },
      { email: DEMO_STAFF.email, passwordHash: await hashPassword(DEMO_STAFF.password), locale: "en" },
    ])
    .onConflictDoNothing({ target: customers.email });
  const [staff] = await db.select({ uuid: customers.uuid }).from(customers).where(eq(customers.email, DEMO_STAFF.email));
  await db
    .insert(staffMembers)
    .values({ customerUuid: staff!.uuid, roles: [...STAFF_ROLES], totpSecret: DEMO_STAFF.totpSecret, totpConfirmedAt: new Date(0).toISOString() })
    .onConflictDoNothing({ target: staffMembers.customerUuid });
}
