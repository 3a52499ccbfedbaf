import { describe, expect, it } from "vitest";
import { sameAddress, storedAddress } from "./address-book.ts";

const HOME = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE", packstation: false } as const;

describe("stored addresses", () => {
  it("give every optional field, as null when absent", () => {
    expect(storedAddress(HOME)).toEqual({ ...HOME, company: null, postNumber: null });
  });

  it("compare equal whatever the order of the fields and however an absent field is written", () => {
    const reordered = { city: "Berlin", country: "DE", packstation: false, postalCode: "10115", houseNumber: "5", street: "Hauptstraße", lastName: "Graf", firstName: "Lena", company: null } as const;
    expect(sameAddress(HOME, reordered)).toBe(true);
    expect(sameAddress(HOME, { ...HOME, company: "Graf GmbH" })).toBe(false);
  });
});
