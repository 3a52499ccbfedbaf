import { BANK_ACCOUNT } from "../domain/checkout/bank-account.ts";

/** The shop as it appears on invoices and in order mails: demo values, one place to change them. */
export const SHOP = {
  /** The name customers know, in greetings and sign-offs. */
  brand: "Reloop",
  seller: {
    name: "Reloop GmbH",
    address: ["Torstraße 140", "10119 Berlin", "Deutschland"],
    vatId: "DE123456789",
  },
  /** Where sellers send their parcels. */
  receiving: ["Reloop GmbH – Ankauf", "Am Borsigturm 42", "13507 Berlin", "Deutschland"],
  /** The account the checkout's finish page shows too. */
  bankAccount: BANK_ACCOUNT,
} as const;

/** "DE89 3704 0044 …": IBANs are read and typed in groups of four, however they are stored. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
