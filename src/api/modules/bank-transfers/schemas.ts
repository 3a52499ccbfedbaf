import { z } from "zod";
import { STATEMENT_MAX_BYTES, TRANSFER_REASONS, TRANSFER_STATES } from "../../../domain/payments/bank-transfers.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, pagedAnswerFields, pageParam, textParam, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const MB = 1024 * 1024;

export const transferSchema = z
  .object({
    id: z.number().int(),
    amount: moneySchema,
    bookingDate: z.string().nullable().describe("The day the bank booked it (YYYY-MM-DD)"),
    valueDate: z.string().nullable(),
    remittance: z.string().describe("The transfer's reference as the customer wrote it"),
    debtorName: z.string().nullable(),
    debtorIban: z.string().nullable(),
    endToEndId: z.string().nullable(),
    reference: z.string().describe("The bank's reference (AcctSvcrRef): a transfer is imported once"),
    account: z.string().describe("The shop's account it arrived on"),
    state: z.enum(TRANSFER_STATES),
    reason: z.enum(TRANSFER_REASONS).describe("Why it is in its state"),
    orderNumber: z.string().nullable().describe("The order number its reference named, or that finance booked it on"),
    order: z
      .object({ uuid: z.uuid(), number: z.string(), status: z.string(), total: moneySchema })
      .nullable()
      .describe("That order as it is now, when it exists"),
    bookedAt: z.string().nullable(),
    bookedByEmail: z.string().nullable().describe("Who booked it by hand; null when the import booked it"),
    note: z.string().nullable(),
    importedAt: z.string(),
  })
  .meta({ id: "OpsBankTransfer" });
export type OpsBankTransfer = z.infer<typeof transferSchema>;

export const transferListQuery = z.object({
  state: z.enum(TRANSFER_STATES, { error: `The state must be one of ${TRANSFER_STATES.join(", ")}` }).optional().describe("Only transfers in this state"),
  page: pageParam(),
});
export type TransferListQuery = QueryParams<typeof transferListQuery>;

export const transferListSchema = z
  .object({
    transfers: z.array(transferSchema).describe("Newest booking day first"),
    ...pagedAnswerFields,
    counts: z.record(z.enum(TRANSFER_STATES), z.number().int()).describe("Transfers per state, whatever the filter"),
  })
  .meta({ id: "OpsBankTransferList" });
export type OpsBankTransferList = z.infer<typeof transferListSchema>;

export const statementImportForm = z
  .object({ statement: z.any().meta({ type: "string", contentMediaType: "application/xml" }).describe(`The camt.053 file, at most ${STATEMENT_MAX_BYTES / MB} MB`) })
  .meta({ description: "multipart/form-data with one file part named statement" });

export const statementImportSchema = z
  .object({
    importId: z.number().int(),
    messageId: z.string(),
    statementIds: z.array(z.string()),
    credits: z.number().int().describe("Incoming euro credits in the file"),
    added: z.number().int().describe("Of them new"),
    known: z.number().int().describe("Of them imported before (nothing added)"),
    skipped: z.number().int().describe("Entries that are no customer's payment: debits, other currencies, reversals"),
    booked: z.number().int().describe("New transfers that paid their order at once"),
    transfers: z.array(transferSchema).describe("The new transfers with their state"),
  })
  .meta({ id: "OpsBankStatementImport" });
export type OpsBankStatementImport = z.infer<typeof statementImportSchema>;

export const transferParams = z.object({ transferId: z.coerce.number({ error: "Transfer id must be a number" }).int("Transfer id must be a whole number").min(1).max(Number.MAX_SAFE_INTEGER) });
export const transferBookBody = z
  .strictObject({
    orderNumber: textParam("The order number", 40).describe('The order to book it on, as "R26-004217" or typed loosely ("r26004217")'),
    note: textParam("The note", 500).optional().describe("Why: required when the amount is not the order's total"),
  })
  .meta({ id: "OpsBankTransferBook" });
export type TransferBookInput = z.output<typeof transferBookBody>;
export type OpsTransferBookInput = z.input<typeof transferBookBody>;

export const statementImportErrors = operationErrors({ 400: ["VALIDATION_FAILED", "STATEMENT_INVALID_XML", "STATEMENT_NOT_CAMT053"], ...STAFF_GUARD_ERRORS, 413: ["STATEMENT_TOO_LARGE"] });
export type OpsStatementImportError = OperationError<typeof statementImportErrors>;
export const statementImportNotes = {
  400: "STATEMENT_INVALID_XML for a file that is no well-formed XML (or not UTF-8), STATEMENT_NOT_CAMT053 for XML that is no camt.053 bank statement, VALIDATION_FAILED for a request that is no such form",
  413: `a file past ${STATEMENT_MAX_BYTES / MB} MB`,
} as const;
export const transferListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsTransferListError = OperationError<typeof transferListErrors>;
export const transferBookErrors = operationErrors({
  400: ["VALIDATION_FAILED", "TRANSFER_NOTE_REQUIRED"],
  ...STAFF_GUARD_ERRORS,
  404: ["TRANSFER_NOT_FOUND", "ORDER_NOT_FOUND"],
  409: ["TRANSFER_ALREADY_BOOKED", "ORDER_NOT_AWAITING_TRANSFER"],
});
export type OpsTransferBookError = OperationError<typeof transferBookErrors>;
export const transferBookNotes = {
  400: "TRANSFER_NOTE_REQUIRED when the amount is not the order's total and no note says why; VALIDATION_FAILED for a text that is no order number",
  409: "TRANSFER_ALREADY_BOOKED the second time (nothing is booked twice); ORDER_NOT_AWAITING_TRANSFER for an order paid already, cancelled or paid another way",
} as const;
