import { z } from "zod";
import type { ErrorCode, ErrorStatus, OperationErrors } from "./error-codes.ts";

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

  /** Several problems of one request at once (a form's fields), each with its own reference. */
  static many(status: number, items: readonly { code: ErrorCode; message: string; reference: string }[]): AppError {
    const [first, ...others] = items;
    if (!first) throw new Error("AppError.many needs at least one problem");
    const error = new AppError(status, first.code, first.message, first.reference);
    error.others = others;
    return error;
  }

  /** The further problems of a request that has several (AppError.many). */
  others: ErrorItem[] = [];
}

export function errorBody(...items: ErrorItem[]): ErrorBody {
  return { errors: items };
}

/**
 * The 401 of every operation that needs a logged-in customer. Declaring this one (not a copy) is
 * what marks the operation as needing the session cookie in the OpenAPI document.
 */
export const unauthorized = errorBodySchema.describe("NOT_AUTHENTICATED: log in first");

/** "CODE, CODE: note": an error answer's description names the codes it carries. */
export function describeCodes(codes: readonly ErrorCode[], note?: string): string {
  return note ? `${codes.join(", ")}: ${note}` : codes.join(", ");
}

/**
 * An operation's error responses, from its declared codes (operationErrors beside its schemas):
 * per status, the one error body, described by the codes it may carry and an optional note. A 401
 * of NOT_AUTHENTICATED alone, without a note, is the shared `unauthorized`.
 */
export function errorResponsesOf<const E extends OperationErrors>(errors: E, notes: { readonly [S in keyof E]?: string } = {}): { [S in keyof E]: typeof errorBodySchema } {
  const responses: Partial<Record<ErrorStatus, typeof errorBodySchema>> = {};
  for (const [key, codes] of Object.entries(errors) as [`${ErrorStatus}`, readonly ErrorCode[]][]) {
    const status = Number(key) as ErrorStatus;
    const note = (notes as Partial<Record<ErrorStatus, string>>)[status];
    responses[status] = status === 401 && !note && codes.length === 1 && codes[0] === "NOT_AUTHENTICATED" ? unauthorized : errorBodySchema.describe(describeCodes(codes, note));
  }
  return responses as { [S in keyof E]: typeof errorBodySchema };
}
