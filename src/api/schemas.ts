import { z } from "zod";
import { DELIVERY_COUNTRIES } from "../domain/checkout/cart-rules.ts";
import { LOCALES } from "../domain/i18n/locales.ts";

/** Shared request pieces: each rule about an id, a page or a text parameter is written here once. */

/** The keys of an object type that may be left out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * A query as a client passes it: the parsed values (numbers, flags as booleans, lists as arrays,
 * which the client encodes as the schema reads them), optional where the API may go without
 * (an optional parameter, one with a default). A body is sent as it is read: its `z.input`.
 */
export type QueryParams<S extends z.ZodType> = {
  [K in keyof z.output<S> as K extends OptionalKeys<z.input<S>> ? never : K]: z.output<S>[K];
} & {
  [K in keyof z.output<S> as K extends OptionalKeys<z.input<S>> ? K : never]?: z.output<S>[K];
};
export const localeQuery = z.enum(LOCALES).optional().describe("Language of texts; default: the language cookie, else de");

/** PostgreSQL integer columns end at 2^31 − 1: a larger id cannot exist, so it is refused as input instead of failing in the database. */
const MAX_ID = 2_147_483_647;

/** The checks of every id, whether it arrives as text (path, query) or as a JSON number. */
function storableId<T extends z._ZodNumber>(number: T, label: string): T {
  return number.int(`${label} must be a whole number`).positive(`${label} must be positive`).max(MAX_ID, `${label} is too large`);
}

/** A positive 32-bit id from a path or query string ("12" → 12). */
export function idParam(label = "Id") {
  return storableId(z.coerce.number({ error: `${label} must be a number` }), label);
}
export const productIdParam = idParam("Product id");

/** A positive 32-bit id in a JSON body: a number, so "7" is refused. */
export function idField(label = "Id") {
  return storableId(z.number({ error: `${label} must be a number` }), label);
}

/** Whether a number parsed by hand (e.g. from a list in one parameter) can be an id at all. */
export function isStorableId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_ID;
}

/** A 0/1 flag from the query string (how the storefront's client sends booleans). */
export function flagParam() {
  return z.enum(["0", "1"], { error: "Flags are 0 or 1" }).transform((v) => v === "1");
}

/** A page number from the query string, 1 when absent. */
export function pageParam(max = 10_000) {
  return z.coerce
    .number({ error: "Page must be a number" })
    .int("Page must be a whole number")
    .min(1, "Pages start at 1")
    .max(max, `Pages end at ${max}`)
    .default(1);
}

/** C0 and C1 control characters (NUL, escape, line feed…): no searched or typed-in value contains them, and PostgreSQL refuses NUL in text. */
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
/** Half of a surrogate pair on its own (e.g. "\ud800" in JSON) is not a character any encoding can store. */
const WELL_FORMED = /^\P{Cs}*$/u;

/**
 * A text parameter (search text, filter value, token): trimmed, not empty, at most `max`
 * characters, without control characters. Every text the API takes from a query, path or body
 * goes through it unless a stricter pattern already applies.
 */
export function textParam(label: string, max = 200) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} is too long (at most ${max} characters)`)
    .regex(NO_CONTROL_CHARACTERS, `${label} must not contain control characters`)
    .regex(WELL_FORMED, `${label} contains a broken character`);
}

/** Control characters other than line breaks and tabs: what a typed-in text of several lines never holds. */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\n\r\t]/u;

/** A text of several lines typed into a form (a description, a note): like textParam, but line breaks and tabs are kept. */
export function multilineText(label: string, max = 2000) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} is too long (at most ${max} characters)`)
    .refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value), `${label} must not contain control characters`)
    .regex(WELL_FORMED, `${label} contains a broken character`);
}

/** Cents an amount staff type stays below: a million euros, well inside PostgreSQL's integer. */
const MAX_CENTS = 100_000_000;

/** An amount of money in whole cents from a JSON body, at least `min`. */
export function centsField(label: string, min: number) {
  return z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(min, min > 0 ? `${label} must be more than 0` : `${label} must not be negative`)
    .max(MAX_CENTS, `${label} is too large`);
}

/** Trimmed first, then checked as an address, so " a@b.de " from a form is accepted. */
export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? "E-mail address is required" : "E-mail address must be text") })
  .trim()
  .max(254, "E-mail address is too long (at most 254 characters)")
  .check(z.email({ error: "Enter a valid e-mail address, like name@example.com" }));

export const localeField = z.enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(", ")}` });

/** Where a page of a paged answer stands: its number and size, and how many items and pages there are in all. */
export const pagedAnswerFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
};

/** An amount of money as every answer shows it; a shared component ("Money") of the OpenAPI document. */
export const moneySchema = z
  .object({ amount: z.number().int().describe("Cents"), currency: z.literal("EUR") })
  .meta({ id: "Money", description: "An amount in euro cents" });

/** A postal address as the API stores and shows it. */
export const addressSchema = z.object({
  firstName: textParam("First name", 100),
  lastName: textParam("Last name", 100),
  company: textParam("Company", 100).nullish(),
  street: textParam("Street", 150),
  houseNumber: textParam("House number", 20),
  postalCode: z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, "Postal code looks wrong"),
  city: textParam("City", 100),
  country: z.enum(DELIVERY_COUNTRIES, { error: `Country must be one of ${DELIVERY_COUNTRIES.join(", ")}` }),
  packstation: z.boolean().default(false),
  postNumber: z
    .string()
    .trim()
    .regex(/^\d{6,10}$/, "The post number has 6 to 10 digits")
    .nullish(),
});
/** A postal address as checkout and the address book take it: a Packstation needs its number and the post number. */
export const addressInput = addressSchema.refine((a) => !a.packstation || (a.postNumber && /^\d{3}$/.test(a.houseNumber)), {
  message: "A Packstation needs its three-digit number as house number and your post number",
  path: ["postNumber"],
});
/** An address as a client sends it to checkout, the sell checkout and the address book. */
export type AddressInput = z.input<typeof addressInput>;

/** An ISO 8601 date-time with its offset, in the years PostgreSQL stores and a shop's time can mean (year 0 does not exist in its calendar). */
export const isoTimeParam = z.iso
  .datetime({ offset: true, error: "A time is an ISO 8601 date-time with its offset" })
  .refine((value) => {
    const time = new Date(value);
    const year = time.getUTCFullYear();
    return !Number.isNaN(time.getTime()) && year >= 1970 && year <= 9999;
  }, "A time lies between the years 1970 and 9999");

/** A file answer (a PDF, a photo) in the OpenAPI document. */
export const fileAnswer = (description: string, mediaType: string) => ({ description, content: { [mediaType]: { schema: z.any().meta({ type: "string", contentMediaType: mediaType }) } } });
export const pdfAnswer = (description: string) => fileAnswer(description, "application/pdf");
