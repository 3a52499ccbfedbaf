import { z } from "zod";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { localeQuery } from "../../schemas.ts";

const landingPageKind = z.enum(["landing", "theme", "promo"]);
export type LandingPageKind = z.infer<typeof landingPageKind>;

export const landingPageParams = z.object({
  kind: landingPageKind,
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/, "Slugs are lower-case words joined by dashes"),
});
export const landingPageQuery = z.object({ locale: localeQuery });
export const landingPageErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["LANDING_PAGE_DOESNT_EXIST"] });
export type LandingPageError = OperationError<typeof landingPageErrors>;

export const landingPageSchema = z.object({
  kind: landingPageKind,
  slug: z.string(),
  title: z.string(),
  intro: z.string(),
  filters: z.record(z.string(), z.unknown()).describe("Filters for api_product_list_view"),
});
export type LandingPage = z.infer<typeof landingPageSchema>;
