import { z } from "zod";
import type { ErrorCode } from "./error-codes.ts";

/**
 * The one error shape of every non-2xx API response; strict, so nothing else leaks into it. The ids
 * make them shared components of the OpenAPI document, referred to by every error response.
 */
export const errorItemSchema = z
  .strictObject({
    code: z.string().min(1).describe("Stable, machine-readable error code"),
    message: z.string().describe("What went wrong, for people"),
    reference: z.string().min(1).describe("The field at fault, or the request id"),
  })
  .meta({ id: "ErrorItem", description: "One problem with the request" });
export const errorBodySchema = z
  .strictObject({ errors: z.array(errorItemSchema).min(1).describe("One item per problem") })
  .meta({ id: "ErrorBody", description: "The body of every answer that is not 2xx" });
export type ErrorItem = z.infer<typeof errorItemSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An expected failure with a stable code of the catalogue (error-codes.ts); anything else thrown is our bug and becomes a 500. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The field at fault; the request id when absent. */
    readonly reference?: string,
  ) {
    super(message);
    this.name = "AppError";
  }

  static notFound(code: ErrorCode, message: string, reference?: string): AppError {
    return new AppError(404, code, message, reference);
  }

  static badRequest(code: ErrorCode, message: string, reference?: string): AppError {
    return new AppError(400, code, message, reference);
  }
}

export function errorBody(...items: ErrorItem[]): ErrorBody {
  return { errors: items };
}

/** Standard error responses for OpenAPI, so every operation documents the shape. */
export const errorResponses = {
  400: errorBodySchema.describe("Invalid input: one item per problem"),
  404: errorBodySchema.describe("Not found"),
  500: errorBodySchema.describe("Unexpected server error"),
} as const;
