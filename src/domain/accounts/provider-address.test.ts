import { describe, expect, it } from "vitest";
import { addressFromProvider, splitStreet } from "./provider-address.ts";

const names = { firstName: "Paula", lastName: "Pay" };
const claim = { street_address: "Hauptstraße 5", locality: "Berlin", postal_code: "10115", country: "DE" };

describe("a provider's address", () => {
  it("becomes an address-book address with the person's names", () => {
    expect(addressFromProvider(claim, names)).toEqual({
      firstName: "Paula",
      lastName: "Pay",
      company: null,
      street: "Hauptstraße",
      houseNumber: "5",
      postalCode: "10115",
      city: "Berlin",
      country: "DE",
      packstation: false,
      postNumber: null,
    });
  });

  it("takes the first line of the street and a country in small letters", () => {
    expect(addressFromProvider({ ...claim, street_address: "Keizersgracht 12\nApartment 3", country: "nl" }, names)).toMatchObject({ street: "Keizersgracht", houseNumber: "12", country: "NL" });
  });

  it("is nothing when a part is missing, the street has no number, or the shop does not deliver there", () => {
    for (const broken of [null, "Hauptstraße 5, Berlin", { ...claim, street_address: "Hauptstraße" }, { ...claim, locality: " " }, { ...claim, postal_code: undefined }, { ...claim, country: "US" }]) {
      expect(addressFromProvider(broken, names)).toBeNull();
    }
    expect(addressFromProvider(claim, { firstName: "Paula", lastName: null })).toBeNull();
  });
});

describe("street and house number", () => {
  it("finds the number at the end or at the start", () => {
    expect(splitStreet("Hauptstraße 5")).toEqual({ street: "Hauptstraße", houseNumber: "5" });
    expect(splitStreet("Straße des 17. Juni 12a")).toEqual({ street: "Straße des 17. Juni", houseNumber: "12a" });
    expect(splitStreet("Am Markt 3 b")).toEqual({ street: "Am Markt", houseNumber: "3 b" });
    expect(splitStreet("Calle Mayor, 7")).toEqual({ street: "Calle Mayor", houseNumber: "7" });
    expect(splitStreet("12 Rue de Rivoli")).toEqual({ street: "Rue de Rivoli", houseNumber: "12" });
    expect(splitStreet("Hauptstraße")).toBeNull();
  });
});
