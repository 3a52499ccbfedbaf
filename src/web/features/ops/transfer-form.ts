import { TRANSFER_STATES, type TransferState } from "../../../domain/payments/bank-transfers.ts";

/**
 * The transfers page's rules that are not drawing: its address with the filter, what an import
 * reported, and the API's refusals in the page's words.
 */
export const TRANSFERS_PATH = "/ops/transfers";

/**
 * The largest statement this page sends: pages take forms of up to 1 MiB, with room for the form's
 * own parts. Larger files go through the API (api_ops_bank_statement_import) or a day at a time.
 */
export const PAGE_STATEMENT_MAX_BYTES = 1024 * 1024 - 16 * 1024;

export const stateOf = (value: string | null): TransferState | null => ((TRANSFER_STATES as readonly string[]).includes(value ?? "") ? (value as TransferState) : null);
export const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

/** The page's address with its filter and page (the first page and no filter leave the address bare), and further parameters. */
export function transfersPath(state: TransferState | null, page = 1, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ ...(state ? { state } : {}), ...(page > 1 ? { page: String(page) } : {}), ...params }).toString();
  return search ? `${TRANSFERS_PATH}?${search}` : TRANSFERS_PATH;
}

/** What the last import reported, carried in the address after it (so a reload does not import again). */
export interface ImportSummary {
  added: number;
  known: number;
  booked: number;
  skipped: number;
}
const SUMMARY_KEYS = ["added", "known", "booked", "skipped"] as const;

export function summaryParams(summary: ImportSummary): Record<string, string> {
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, String(summary[key])]));
}

export function summaryOf(params: URLSearchParams): ImportSummary | null {
  const values = SUMMARY_KEYS.map((key) => Number(params.get(key) ?? Number.NaN));
  if (values.some((value) => !Number.isInteger(value) || value < 0)) return null;
  const [added, known, booked, skipped] = values as [number, number, number, number];
  return { added, known, booked, skipped };
}

/** Why an import was refused, as the page says it (ops.transfers.importProblems). */
export type ImportProblem = "noFile" | "tooLarge" | "invalidXml" | "notCamt053" | "notAllowed" | "failed";

export function importProblemOf(code: string | undefined): ImportProblem {
  switch (code) {
    case "STATEMENT_INVALID_XML":
      return "invalidXml";
    case "STATEMENT_NOT_CAMT053":
      return "notCamt053";
    case "STATEMENT_TOO_LARGE":
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "tooLarge";
    case "VALIDATION_FAILED":
      return "noFile";
    case "ROLE_REQUIRED":
      return "notAllowed";
    default:
      return "failed";
  }
}

/** Why a booking was refused, and the field it concerns (null: the whole form) (ops.transfers.bookProblems). */
export type BookProblem = "orderNumberInvalid" | "orderNotFound" | "notAwaiting" | "noteRequired" | "noteInvalid" | "alreadyBooked" | "transferNotFound" | "notAllowed" | "failed";
export type BookField = "orderNumber" | "note";

export function bookProblemOf(error: { code: string | undefined; errors: readonly { code: string; reference: string }[] }): { field: BookField | null; problem: BookProblem } {
  switch (error.code) {
    case "ORDER_NOT_FOUND":
      return { field: "orderNumber", problem: "orderNotFound" };
    case "ORDER_NOT_AWAITING_TRANSFER":
      return { field: "orderNumber", problem: "notAwaiting" };
    case "TRANSFER_NOTE_REQUIRED":
      return { field: "note", problem: "noteRequired" };
    case "TRANSFER_ALREADY_BOOKED":
      return { field: null, problem: "alreadyBooked" };
    case "TRANSFER_NOT_FOUND":
      return { field: null, problem: "transferNotFound" };
    case "ROLE_REQUIRED":
      return { field: null, problem: "notAllowed" };
    case "VALIDATION_FAILED":
      return error.errors[0]?.reference === "body.note" ? { field: "note", problem: "noteInvalid" } : { field: "orderNumber", problem: "orderNumberInvalid" };
    default:
      return { field: null, problem: "failed" };
  }
}
