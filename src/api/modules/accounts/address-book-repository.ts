import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { customerAddresses } from "../../../db/schema/orders.ts";
import type { Address } from "../../../domain/checkout/cart-rules.ts";

const entryColumns = {
  uuid: customerAddresses.uuid,
  address: customerAddresses.address,
  defaultBilling: customerAddresses.defaultBilling,
  defaultDelivery: customerAddresses.defaultDelivery,
};
export interface AddressBookRow {
  uuid: string;
  address: Address;
  defaultBilling: boolean;
  defaultDelivery: boolean;
}
export type DefaultKind = "defaultBilling" | "defaultDelivery";

const own = (customerUuid: string, uuid: string) => and(eq(customerAddresses.customerUuid, customerUuid), eq(customerAddresses.uuid, uuid));

function createAddressBookQueries(db: Db) {
  return {
    async list(customerUuid: string, limit: number): Promise<AddressBookRow[]> {
      return db
        .select(entryColumns)
        .from(customerAddresses)
        .where(eq(customerAddresses.customerUuid, customerUuid))
        .orderBy(desc(customerAddresses.createdAt), desc(customerAddresses.uuid))
        .limit(limit);
    },

    async size(customerUuid: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customerUuid, customerUuid));
      return row?.n ?? 0;
    },

    async find(customerUuid: string, uuid: string): Promise<AddressBookRow | undefined> {
      const [row] = await db.select(entryColumns).from(customerAddresses).where(own(customerUuid, uuid));
      return row;
    },

    async insert(customerUuid: string, address: Address): Promise<AddressBookRow> {
      const [row] = await db.insert(customerAddresses).values({ customerUuid, address }).returning(entryColumns);
      return row!;
    },

    async updateAddress(customerUuid: string, uuid: string, address: Address): Promise<void> {
      await db.update(customerAddresses).set({ address }).where(own(customerUuid, uuid));
    },

    async delete(customerUuid: string, uuid: string): Promise<boolean> {
      const deleted = await db.delete(customerAddresses).where(own(customerUuid, uuid)).returning({ uuid: customerAddresses.uuid });
      return deleted.length > 0;
    },

    /** Makes `uuid` the customer's default of this kind, or none when null. */
    async setDefault(customerUuid: string, kind: DefaultKind, uuid: string | null): Promise<void> {
      // The old default goes first: the unique index is checked row by row.
      await db
        .update(customerAddresses)
        .set({ [kind]: false })
        .where(and(eq(customerAddresses.customerUuid, customerUuid), eq(customerAddresses[kind], true)));
      if (uuid) await db.update(customerAddresses).set({ [kind]: true }).where(own(customerUuid, uuid));
    },

    async clearDefault(customerUuid: string, kind: DefaultKind, uuid: string): Promise<void> {
      await db.update(customerAddresses).set({ [kind]: false }).where(own(customerUuid, uuid));
    },
  };
}
export type AddressBookQueries = ReturnType<typeof createAddressBookQueries>;

export function createAddressBookRepository(db: Db) {
  return {
    ...createAddressBookQueries(db),
    /** Runs `work` in one transaction that holds the customer's row: one change to a book at a time, so its defaults stay one of each. */
    withBookLocked<T>(customerUuid: string, work: (tx: AddressBookQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.select({ uuid: customers.uuid }).from(customers).where(eq(customers.uuid, customerUuid)).for("update");
        return work(createAddressBookQueries(tx as unknown as Db));
      });
    },
  };
}
export type AddressBookRepository = ReturnType<typeof createAddressBookRepository>;
