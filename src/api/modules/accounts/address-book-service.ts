import { ADDRESS_BOOK_LIMIT } from "../../../domain/accounts/accounts.ts";
import { storedAddress } from "../../../domain/accounts/address-book.ts";
import type { Address } from "../../../domain/checkout/cart-rules.ts";
import { AppError } from "../../errors.ts";
import { addressInput } from "../../schemas.ts";
import type { AddressBookQueries, AddressBookRepository, AddressBookRow, DefaultKind } from "./address-book-repository.ts";
import type { AddressBook, AddressBookEntry, AddressBookEntryInput, AddressDefaults } from "./schemas.ts";

const notFound = (reference = "uuid") => AppError.notFound("ADDRESS_NOT_FOUND", "This address is not in your address book.", reference);

function toEntry(row: AddressBookRow): AddressBookEntry {
  return { uuid: row.uuid, address: storedAddress(row.address), defaultBilling: row.defaultBilling, defaultDelivery: row.defaultDelivery };
}

/** A customer's own addresses: another customer's answer 404, as if they did not exist. */
export function createAddressBookService(repo: AddressBookRepository) {
  async function applyDefaults(tx: AddressBookQueries, customerUuid: string, uuid: string, input: Pick<AddressBookEntryInput, DefaultKind>) {
    for (const kind of ["defaultBilling", "defaultDelivery"] as const) {
      if (input[kind] === true) await tx.setDefault(customerUuid, kind, uuid);
      else if (input[kind] === false) await tx.clearDefault(customerUuid, kind, uuid);
    }
  }

  async function list(customerUuid: string): Promise<AddressBook> {
    return { addresses: (await repo.list(customerUuid, ADDRESS_BOOK_LIMIT)).map(toEntry) };
  }

  return {
    list,

    async create(customerUuid: string, input: AddressBookEntryInput): Promise<AddressBookEntry> {
      return repo.withBookLocked(customerUuid, async (tx) => {
        if ((await tx.size(customerUuid)) >= ADDRESS_BOOK_LIMIT) {
          throw new AppError(409, "ADDRESS_BOOK_FULL", `The address book holds at most ${ADDRESS_BOOK_LIMIT} addresses. Delete one first.`);
        }
        const row = await tx.insert(customerUuid, storedAddress(input.address));
        await applyDefaults(tx, customerUuid, row.uuid, input);
        return toEntry((await tx.find(customerUuid, row.uuid))!);
      });
    },

    async update(customerUuid: string, uuid: string, input: AddressBookEntryInput): Promise<AddressBookEntry> {
      return repo.withBookLocked(customerUuid, async (tx) => {
        if (!(await tx.find(customerUuid, uuid))) throw notFound();
        await tx.updateAddress(customerUuid, uuid, storedAddress(input.address));
        await applyDefaults(tx, customerUuid, uuid, input);
        return toEntry((await tx.find(customerUuid, uuid))!);
      });
    },

    /**
     * An address from elsewhere (a login provider's profile), kept as the default billing address
     * when the book is empty; a book with addresses, or an address the checkout would refuse, stays as it is.
     */
    async keepIfEmpty(customerUuid: string, address: Address): Promise<boolean> {
      const checked = addressInput.safeParse(address);
      if (!checked.success) return false;
      return repo.withBookLocked(customerUuid, async (tx) => {
        if ((await tx.size(customerUuid)) > 0) return false;
        const row = await tx.insert(customerUuid, storedAddress(checked.data));
        await tx.setDefault(customerUuid, "defaultBilling", row.uuid);
        return true;
      });
    },

    async delete(customerUuid: string, uuid: string): Promise<void> {
      if (!(await repo.delete(customerUuid, uuid))) throw notFound();
    },

    /** Sets either default or both; null leaves the customer without one. */
    async setDefaults(customerUuid: string, input: AddressDefaults): Promise<AddressBook> {
      await repo.withBookLocked(customerUuid, async (tx) => {
        const wanted = [
          ["defaultBilling", input.billing, "body.billing"],
          ["defaultDelivery", input.delivery, "body.delivery"],
        ] as const;
        for (const [, uuid, reference] of wanted) if (uuid && !(await tx.find(customerUuid, uuid))) throw notFound(reference);
        for (const [kind, uuid] of wanted) if (uuid !== undefined) await tx.setDefault(customerUuid, kind, uuid);
      });
      return list(customerUuid);
    },
  };
}
export type AddressBookService = ReturnType<typeof createAddressBookService>;
