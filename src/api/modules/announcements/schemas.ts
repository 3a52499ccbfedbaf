import { z } from "zod";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { localeQuery } from "../../schemas.ts";

export const announcementsQuery = z.object({ locale: localeQuery });
export const announcementsErrors = operationErrors({ 400: ["VALIDATION_FAILED"] });
export type AnnouncementsError = OperationError<typeof announcementsErrors>;
export const announcementsViewSchema = z.object({
  elements: z.array(z.object({ text: z.string(), validTo: z.string().describe("ISO date-time; hide afterwards") })),
  fetched: z.string().describe("When the server answered; clients refetch 15 minutes later at the earliest"),
});
export type AnnouncementsView = z.infer<typeof announcementsViewSchema>;
