import type { OpsCategory, OpsCategoryInput, OpsCategoryNode } from "../../../api/contract.ts";
import { PATH_SEGMENT_MAX, PATH_SEGMENT_PATTERN } from "../../../domain/catalogue/catalogue-editing.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import type { FieldProblem } from "./unit-form.ts";

/** The category pages' rules that are not drawing: addresses, the form as typed and the body it sends, the API's refusals at their fields. */
export const CATEGORIES_PATH = "/ops/categories";
export const categoryPath = (categoryId: number) => `${CATEGORIES_PATH}/${categoryId}`;
export const NEW_CATEGORY_PATH = `${CATEGORIES_PATH}/new`;

export type CategoryField = "parentId" | "position" | "isAccessory" | "rootKind" | `name.${Locale}` | `segment.${Locale}`;
export type CategoryFormValues = Partial<Record<CategoryField, string>>;
export type CategoryProblem = FieldProblem<CategoryField>;

const FIELDS: CategoryField[] = ["parentId", "position", "isAccessory", "rootKind", ...LOCALES.flatMap((l) => [`name.${l}`, `segment.${l}`] as const)];

export function categoryValuesOf(form: FormData): CategoryFormValues {
  return Object.fromEntries(FIELDS.map((field) => [field, field === "isAccessory" ? (form.get(field) ? "on" : "") : String(form.get(field) ?? "")]));
}

export function categoryValuesFrom(category: OpsCategory): CategoryFormValues {
  const values: CategoryFormValues = { parentId: category.parentId === null ? "" : String(category.parentId), position: String(category.position), isAccessory: category.isAccessory ? "on" : "", rootKind: category.rootKind };
  for (const locale of LOCALES) {
    values[`name.${locale}`] = category.translations[locale].name;
    values[`segment.${locale}`] = category.translations[locale].segment;
  }
  return values;
}

/** The category as typed, as the API takes it, or each field's problem. A language without its name is left out (the API fills or keeps it). */
export function categoryInputOf(values: CategoryFormValues): { body: OpsCategoryInput } | { problems: CategoryProblem[] } {
  const problems: CategoryProblem[] = [];
  const text = (field: CategoryField) => (values[field] ?? "").trim();
  const parent = text("parentId");
  const parentId = parent === "" ? null : Number(parent);
  if (parentId !== null && (!Number.isInteger(parentId) || parentId < 1)) problems.push({ field: "parentId", problem: "parent" });
  const position = text("position") === "" ? undefined : Number(text("position"));
  if (position !== undefined && (!Number.isInteger(position) || position < 0 || position > 100_000)) problems.push({ field: "position", problem: "position" });
  if (!text(`name.${DEFAULT_LOCALE}`)) problems.push({ field: `name.${DEFAULT_LOCALE}`, problem: "defaultName" });
  const translations: Partial<Record<Locale, { name: string; segment?: string }>> = {};
  for (const locale of LOCALES) {
    const name = text(`name.${locale}`);
    const segment = text(`segment.${locale}`).toLowerCase();
    if (segment && (!PATH_SEGMENT_PATTERN.test(segment) || segment.length > PATH_SEGMENT_MAX)) problems.push({ field: `segment.${locale}`, problem: "segment" });
    if (name.length > 100) problems.push({ field: `name.${locale}`, problem: "nameLength" });
    if (name) translations[locale] = segment ? { name, segment } : { name };
  }
  if (problems.length > 0 || !translations.de) return { problems };
  const rootKind = text("rootKind") === "media" ? "media" : "electronics";
  return {
    body: {
      parentId,
      ...(position === undefined ? {} : { position }),
      isAccessory: values.isAccessory === "on",
      ...(parentId === null ? { rootKind } : {}),
      translations: { ...translations, de: translations.de },
    },
  };
}

/** The field an API refusal names ("body.translations.en.segment", "body.parentId"). */
function fieldOf(reference: string): CategoryField | null {
  const path = reference.replace(/^body\./, "");
  const text = /^translations\.(\w\w)(?:\.(name|segment))?$/.exec(path);
  if (text && (LOCALES as readonly string[]).includes(text[1]!)) return `${text[2] === "segment" ? "segment" : "name"}.${text[1] as Locale}`;
  return (FIELDS as string[]).includes(path) ? (path as CategoryField) : null;
}

/** A save refused by the API, in the page's words at the fields it names. */
export function categoryProblemsOf(error: { code: string | undefined; errors: readonly { code: string; reference: string }[] }): CategoryProblem[] {
  if (error.code === "ROLE_REQUIRED") return [{ field: null, problem: "notAllowed" }];
  const problems = error.errors.map((item): CategoryProblem => {
    const field = fieldOf(item.reference);
    if (item.code === "CATEGORY_PATH_TAKEN") return { field, problem: "pathTaken" };
    if (item.code === "CATEGORY_MOVE_NOT_ALLOWED") return { field: "parentId", problem: "belowItself" };
    if (item.code === "CATEGORY_DOESNT_EXIST") return { field: "parentId", problem: "parent" };
    if (field?.startsWith("segment.")) return { field, problem: "segment" };
    return { field, problem: field === `name.${DEFAULT_LOCALE}` ? "defaultName" : "invalid" };
  });
  return problems.length > 0 ? problems : [{ field: null, problem: "failed" }];
}

/** The categories a category may be moved below: all but itself and those below it (the tree comes depth first). */
export function parentChoices(tree: readonly OpsCategoryNode[], categoryId: number | null): OpsCategoryNode[] {
  if (categoryId === null) return [...tree];
  const at = tree.findIndex((c) => c.id === categoryId);
  if (at < 0) return [...tree];
  const end = tree.findIndex((c, i) => i > at && c.depth <= tree[at]!.depth);
  return tree.filter((_, i) => i < at || (end >= 0 && i >= end));
}
