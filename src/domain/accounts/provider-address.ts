import { DELIVERY_COUNTRIES, type Address, type Country } from "../checkout/cart-rules.ts";

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim().replace(/\s+/g, " ") : null);

/** "Hauptstraße 5a" (the number last) or "5 Main Street" (first): street and house number, or null without a number. */
export function splitStreet(line: string): { street: string; houseNumber: string } | null {
  const last = /^(.*\D)\s+(\d[\w/-]*(?:\s?[a-zA-Z])?)$/.exec(line);
  if (last?.[1] && last[2]) return { street: last[1].replace(/,$/, "").trim(), houseNumber: last[2] };
  const first = /^(\d[\w/-]*),?\s+(\D.*)$/.exec(line);
  if (first?.[1] && first[2]) return { street: first[2].trim(), houseNumber: first[1] };
  return null;
}

/**
 * A postal address from an OpenID Connect provider's `address` claim (PayPal's, with the "address"
 * scope: street_address, locality, postal_code, country) and the person's names, as the address
 * book keeps it; null when something is missing, the street has no house number, or the shop does
 * not deliver to the country. Only the first line of the street counts.
 */
export function addressFromProvider(claim: unknown, names: { firstName: string | null; lastName: string | null }): Address | null {
  if (!claim || typeof claim !== "object" || !names.firstName || !names.lastName) return null;
  const fields = claim as Record<string, unknown>;
  const line = typeof fields.street_address === "string" ? text(fields.street_address.split(/\r?\n/)[0]) : null;
  const street = line && splitStreet(line);
  const postalCode = text(fields.postal_code);
  const city = text(fields.locality);
  const country = text(fields.country)?.toUpperCase();
  if (!street || !postalCode || !city || !country || !(DELIVERY_COUNTRIES as readonly string[]).includes(country)) return null;
  return {
    firstName: names.firstName,
    lastName: names.lastName,
    company: null,
    ...street,
    postalCode,
    city,
    country: country as Country,
    packstation: false,
    postNumber: null,
  };
}
