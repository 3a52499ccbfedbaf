import { z } from "zod";
import { LOCALES } from "../domain/i18n/locales.ts";

/** Trimmed first, then checked as an address, so " a@b.de " from a form is accepted. */
export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? "E-mail address is required" : "E-mail address must be text") })
  .trim()
  .max(254, "E-mail address is too long (at most 254 characters)")
  .check(z.email({ error: "Enter a valid e-mail address, like name@example.com" }));

export const localeField = z.enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(", ")}` });
