import { eq } from "drizzle-orm";
import { ADDRESS_BOOK_LIMIT } from "../domain/accounts/accounts.ts";
import { sameAddress, storedAddress } from "../domain/accounts/address-book.ts";
import type { Address } from "../domain/checkout/cart-rules.ts";
import type { Db } from "./client.ts";
import { customerAddresses } from "./schema/orders.ts";

/**
 * The accounts module's function for others (an order's checkout): the addresses join the
 * customer's address book, unless it has them already or is full. Takes the caller's transaction.
 */
export async function rememberAddresses(db: Db, customerUuid: string, addresses: readonly Address[]): Promise<void> {
  const existing = await db.select({ address: customerAddresses.address }).from(customerAddresses).where(eq(customerAddresses.customerUuid, customerUuid)).limit(ADDRESS_BOOK_LIMIT);
  const fresh: Address[] = [];
  for (const address of addresses.map(storedAddress)) {
    if (![...existing.map((e) => e.address), ...fresh].some((known) => sameAddress(known, address))) fresh.push(address);
  }
  const room = ADDRESS_BOOK_LIMIT - existing.length;
  if (fresh.length && room > 0) await db.insert(customerAddresses).values(fresh.slice(0, room).map((address) => ({ customerUuid, address })));
}
