import type { OpsProduct, OpsProductInput } from "../../../api/contract.ts";
import { identifierProblem, IDENTIFIER_KINDS, type IdentifierKind } from "../../../domain/catalogue/identifiers.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import { centsOf, eurosOf, type FieldProblem } from "./unit-form.ts";

/**
 * The product pages' rules that are not drawing: their addresses, the form's values as typed and
 * the body they send (checked here first with the same rules as the API: check digits, the default
 * language's text), and the API's refusals at their fields.
 */
export const PRODUCTS_PATH = "/ops/products";
/** Who keeps the catalogue (as the API checks it; admins may too). */
export const CATALOGUE_ROLES: readonly StaffRole[] = ["support"];
export const productPath = (productId: number) => `${PRODUCTS_PATH}/${productId}`;

/** The list's address with its search and page (the first page and no search leave it bare). */
export function productsPath(q: string, page = 1): string {
  const search = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return search ? `${PRODUCTS_PATH}?${search}` : PRODUCTS_PATH;
}

const TEXT_FIELDS = ["name", "brand", "categoryId", "colour", "storage", "ean", "isbn", "asin", "bluePrice"] as const;
export const FLAG_FIELDS = ["chargerCompatible", "assemblySplit", "allowedPurchase", "purchaseStop"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];
export type DescriptionField = `description.${Locale}`;
/** A field the form can name a problem at; attributes by their row. */
export type ProductField = TextField | FlagField | DescriptionField | `attributes.${number}` | "attributes";

export const descriptionField = (locale: Locale): DescriptionField => `description.${locale}`;

/** The form as typed: every value a string (a checkbox "on" or ""), so it is shown again exactly as it was. */
export interface ProductFormValues {
  fields: Partial<Record<TextField | FlagField | DescriptionField, string>>;
  attributes: { key: string; value: string }[];
}

/** Blank attribute rows a form offers below the product's own, to add new ones without a script. */
export const BLANK_ATTRIBUTE_ROWS = 3;

export function productValuesOf(form: FormData): ProductFormValues {
  const fields: ProductFormValues["fields"] = {};
  for (const field of TEXT_FIELDS) fields[field] = String(form.get(field) ?? "");
  for (const field of FLAG_FIELDS) fields[field] = form.get(field) ? "on" : "";
  for (const locale of LOCALES) fields[descriptionField(locale)] = String(form.get(descriptionField(locale)) ?? "").replace(/\r\n/g, "\n");
  const keys = form.getAll("attributeKey").map(String);
  const values = form.getAll("attributeValue").map(String);
  // Blank rows are offered again anyway: only rows with something typed come back.
  const attributes = keys.map((key, i) => ({ key, value: values[i] ?? "" })).filter((row) => row.key.trim() || row.value.trim());
  return { fields, attributes };
}

/** A product's values as the edit form starts with them. */
export function productValuesFrom(product: OpsProduct): ProductFormValues {
  const fields: ProductFormValues["fields"] = {
    name: product.name,
    brand: product.brand,
    categoryId: String(product.category.id),
    colour: product.colour ?? "",
    storage: product.storage ?? "",
    ean: product.ean ?? "",
    isbn: product.isbn ?? "",
    asin: product.asin ?? "",
    bluePrice: eurosOf(product.bluePrice),
  };
  for (const field of FLAG_FIELDS) fields[field] = product[field] ? "on" : "";
  for (const locale of LOCALES) fields[descriptionField(locale)] = product.description[locale] ?? "";
  return { fields, attributes: product.attributes };
}

/** A new product's form: the shop buys what it sells unless told otherwise. */
export const NEW_PRODUCT_VALUES: ProductFormValues = { fields: { allowedPurchase: "on" }, attributes: [] };

/** A problem at a field, in the page's words (ops.catalogue.problems.<problem>), with what the words need. */
export type ProductProblem = FieldProblem<ProductField> & { expected?: string };

/** The product as typed, as the API takes it, or each field's problem. */
export function productInputOf(values: ProductFormValues): { body: OpsProductInput } | { problems: ProductProblem[] } {
  const problems: ProductProblem[] = [];
  const text = (field: TextField | DescriptionField) => (values.fields[field] ?? "").trim();
  for (const field of ["name", "brand"] as const) if (!text(field)) problems.push({ field, problem: "required" });
  const categoryId = Number(text("categoryId"));
  if (!Number.isInteger(categoryId) || categoryId < 1) problems.push({ field: "categoryId", problem: "category" });
  const cents = centsOf(text("bluePrice"));
  if (cents === null || cents < 1) problems.push({ field: "bluePrice", problem: "price" });
  if (!text(descriptionField(DEFAULT_LOCALE))) problems.push({ field: descriptionField(DEFAULT_LOCALE), problem: "defaultText" });
  const identifiers: Partial<Record<IdentifierKind, string>> = {};
  for (const kind of IDENTIFIER_KINDS) {
    if (!text(kind)) continue;
    const problem = identifierProblem(kind, text(kind));
    if (problem?.kind === "checkDigit") problems.push({ field: kind, problem: "checkDigit", expected: problem.expected });
    else if (problem) problems.push({ field: kind, problem: `${kind}Format` });
    else identifiers[kind] = text(kind);
  }
  const pairs = values.attributes.map((a) => ({ key: a.key.trim(), value: a.value.trim() }));
  const named = new Set<string>();
  pairs.forEach((pair, row) => {
    if (Boolean(pair.key) !== Boolean(pair.value)) problems.push({ field: `attributes.${row}`, problem: "attributePair" });
    else if (pair.key && named.has(pair.key)) problems.push({ field: `attributes.${row}`, problem: "attributeTwice" });
    named.add(pair.key);
  });
  if (problems.length > 0 || cents === null) return { problems };
  const description = Object.fromEntries(LOCALES.flatMap((locale) => (text(descriptionField(locale)) ? [[locale, text(descriptionField(locale))]] : []))) as OpsProductInput["description"];
  return {
    body: {
      name: text("name"),
      brand: text("brand"),
      categoryId,
      description,
      attributes: pairs.filter((pair) => pair.key && pair.value),
      colour: text("colour") || null,
      storage: text("storage") || null,
      ean: identifiers.ean ?? null,
      isbn: identifiers.isbn ?? null,
      asin: identifiers.asin ?? null,
      bluePrice: cents,
      chargerCompatible: values.fields.chargerCompatible === "on",
      assemblySplit: values.fields.assemblySplit === "on",
      allowedPurchase: values.fields.allowedPurchase === "on",
      purchaseStop: values.fields.purchaseStop === "on",
    },
  };
}

const FIELDS_BY_REFERENCE: readonly string[] = [...TEXT_FIELDS, ...FLAG_FIELDS];

/** The field an API refusal names ("body.ean", "body.description.de", "body.attributes.2.key"). */
function fieldOf(reference: string): ProductField | null {
  const path = reference.replace(/^body\./, "");
  const description = /^description\.(\w\w)$/.exec(path)?.[1];
  if (description && (LOCALES as readonly string[]).includes(description)) return descriptionField(description as Locale);
  if (path === "description") return descriptionField(DEFAULT_LOCALE);
  const row = /^attributes\.(\d+)/.exec(path)?.[1];
  if (row !== undefined) return `attributes.${Number(row)}`;
  const field = /^(\w+)/.exec(path)?.[1] ?? "";
  return FIELDS_BY_REFERENCE.includes(field) ? (field as ProductField) : null;
}

/** A save refused by the API, in the page's words at the fields it names. */
export function productProblemsOf(error: { code: string | undefined; errors: readonly { code: string; reference: string }[] }): ProductProblem[] {
  if (error.code === "ROLE_REQUIRED") return [{ field: null, problem: "notAllowed" }];
  const problems = error.errors.map((item): ProductProblem => {
    const field = fieldOf(item.reference);
    if (item.code === "IDENTIFIER_INVALID") return { field, problem: "identifier" };
    if (item.code === "CATEGORY_DOESNT_EXIST") return { field: "categoryId", problem: "category" };
    if (field === descriptionField(DEFAULT_LOCALE)) return { field, problem: "defaultText" };
    return { field, problem: "invalid" };
  });
  return problems.length > 0 ? problems : [{ field: null, problem: "failed" }];
}
