import { z } from "zod";
import { LOCALES } from "../domain/i18n/locales.ts";

/** Shared request pieces. */
export const localeQuery = z.enum(LOCALES).optional().describe("Language of texts; default: the language cookie, else de");
export const productIdParam = z.coerce
  .number({ error: "Product id must be a number" })
  .int("Product id must be a whole number")
  .positive("Product id must be positive")
  .max(2_147_483_647, "Product id is too large");
