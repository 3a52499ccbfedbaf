import { eq } from "drizzle-orm";
import { hashToken } from "../api/tokens.ts";
import type { Database } from "../db/client.ts";
import { customers } from "../db/schema/accounts.ts";
import { staffMembers, staffSessions } from "../db/schema/staff.ts";
import type { StaffRole } from "../domain/staff/staff.ts";
import type { Cookies } from "./shop-fixtures.ts";

/**
 * A new account, logged in, made a staff member with only these roles, its session one that has
 * given the second factor (the codes' own checks are staff.test.ts's): for testing what a role may
 * and may not do.
 */
export async function newStaffMember(fixtures: { newCustomer(email: string): Promise<Cookies> }, database: Database, email: string, roles: StaffRole[]): Promise<Cookies> {
  const cookies = await fixtures.newCustomer(email);
  const [customer] = await database.db.select({ uuid: customers.uuid }).from(customers).where(eq(customers.email, email));
  await database.db.insert(staffMembers).values({ customerUuid: customer!.uuid, roles });
  return withSecondFactor(database, cookies);
}

/** The session as if its second factor had just been given (the codes' own checks are staff.test.ts's). */
export async function withSecondFactor(database: Database, cookies: Cookies): Promise<Cookies> {
  const at = new Date().toISOString();
  await database.db
    .insert(staffSessions)
    .values({ tokenHash: hashToken(cookies["reloop-session"]!), secondFactorAt: at, lastActiveAt: at })
    .onConflictDoNothing();
  return cookies;
}
