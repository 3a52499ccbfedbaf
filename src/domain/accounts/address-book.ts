import type { Address } from "../checkout/cart-rules.ts";

/**
 * The one stored form of an address: every field present, in one order, absent optional fields
 * as null. Two addresses that say the same thing then compare equal, whoever typed them.
 */
export function storedAddress(address: Address): Address {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? null,
    street: address.street,
    houseNumber: address.houseNumber,
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
    packstation: address.packstation,
    postNumber: address.postNumber ?? null,
  };
}

export function sameAddress(a: Address, b: Address): boolean {
  return JSON.stringify(storedAddress(a)) === JSON.stringify(storedAddress(b));
}
