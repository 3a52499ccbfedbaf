import { z } from "zod";
import { PATH_SEGMENT_MAX, PATH_SEGMENT_PATTERN } from "../../../domain/catalogue/catalogue-editing.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../domain/i18n/locales.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { idField, idParam, textParam } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

export const ROOT_KINDS = ["electronics", "media"] as const;

const segment = z
  .string({ error: "The path segment must be text" })
  .trim()
  .max(PATH_SEGMENT_MAX, `The path segment is too long (at most ${PATH_SEGMENT_MAX} characters)`)
  .regex(PATH_SEGMENT_PATTERN, "The path segment is lower-case letters and digits, words joined by hyphens (e.g. android-tablets)");

const textIn = (required: boolean) =>
  z.strictObject({
    name: textParam("The name", 100),
    segment: segment.optional().describe("The category's own part of its URL path; from the name when left out"),
  }, { error: required ? "The German name is required: it is the default language's, and every language left out takes it" : "A translation is a name and, optionally, a path segment" });

const translationsObject = z.strictObject(
    {
      de: textIn(true),
      en: textIn(false).optional(),
      es: textIn(false).optional(),
      fr: textIn(false).optional(),
      it: textIn(false).optional(),
      nl: textIn(false).optional(),
    } satisfies Record<Locale, z.ZodType>,
    { error: `The translations are an object per language (${LOCALES.join(", ")}); ${DEFAULT_LOCALE} is required` },
);
// Parsed when left out too (an empty object, typed as the input it is refused as), so the missing default language is refused at its field.
const translations = translationsObject.prefault(() => ({}) as z.input<typeof translationsObject>);

export const categoryInputBody = z
  .strictObject({
    parentId: idField("The parent category").nullable().describe("null for a top-level category"),
    position: z.number({ error: "The position must be a number" }).int("The position must be a whole number").min(0, "The position must not be negative").max(100_000, "The position is too large").optional().describe("Order among its siblings, smallest first; left out: after its siblings when created, as it was when changed"),
    isAccessory: z.boolean().default(false).describe("Accessories: not offered where the shop suggests devices, not bought back"),
    rootKind: z.enum(ROOT_KINDS, { error: "The kind is electronics or media" }).optional().describe("A top-level category's kind (below one, its root's)"),
    translations: translations.describe("Name and path segment per language; a language left out takes the default language's when created and stays as it was when changed"),
  })
  .meta({ id: "OpsCategoryChange" });
export type CategoryInput = z.output<typeof categoryInputBody>;
export type OpsCategoryInput = z.input<typeof categoryInputBody>;

export const categoryIdParams = z.object({ categoryId: idParam("Category id") });

const translationSchema = z.object({ name: z.string(), segment: z.string(), path: z.string().describe("The full path below the buy and sell prefixes") });

export const opsCategoryNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  depth: z.number().int().describe("0 for a top-level category"),
  position: z.number().int(),
  name: z.string().describe("In the staff member's language"),
  path: z.string(),
  isAccessory: z.boolean(),
  rootKind: z.enum(ROOT_KINDS),
  productCount: z.number().int().describe("Products in it and below it"),
});
export type OpsCategoryNode = z.infer<typeof opsCategoryNodeSchema>;

export const opsCategoryTreeSchema = z
  .object({ categories: z.array(opsCategoryNodeSchema).describe("The whole tree, depth first, siblings by position") })
  .meta({ id: "OpsCategoryTree" });
export type OpsCategoryTree = z.infer<typeof opsCategoryTreeSchema>;

export const opsCategorySchema = z
  .object({
    ...opsCategoryNodeSchema.shape,
    imageKind: z.string().describe("Which generated picture its products get"),
    translations: z.object(Object.fromEntries(LOCALES.map((locale) => [locale, translationSchema])) as Record<Locale, typeof translationSchema>),
    ancestors: z.array(z.object({ id: z.number().int(), name: z.string() })).describe("From the top down to its parent"),
  })
  .meta({ id: "OpsCategory" });
export type OpsCategory = z.infer<typeof opsCategorySchema>;

export const categoryTreeErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsCategoryTreeError = OperationError<typeof categoryTreeErrors>;
export const categoryViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["CATEGORY_DOESNT_EXIST"] });
export type OpsCategoryViewError = OperationError<typeof categoryViewErrors>;
export const categoryCreateErrors = operationErrors({ 400: ["VALIDATION_FAILED", "CATEGORY_DOESNT_EXIST"], ...STAFF_GUARD_ERRORS, 409: ["CATEGORY_PATH_TAKEN"] });
export type OpsCategoryCreateError = OperationError<typeof categoryCreateErrors>;
export const categoryUpdateErrors = operationErrors({
  400: ["VALIDATION_FAILED", "CATEGORY_DOESNT_EXIST", "CATEGORY_MOVE_NOT_ALLOWED"],
  ...STAFF_GUARD_ERRORS,
  404: ["CATEGORY_DOESNT_EXIST"],
  409: ["CATEGORY_PATH_TAKEN"],
});
export type OpsCategoryUpdateError = OperationError<typeof categoryUpdateErrors>;
