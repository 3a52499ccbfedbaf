import type { StaffRole } from "../../../domain/staff/staff.ts";

/**
 * Support's customer pages' rules that are not drawing: their addresses, the search as typed, a
 * customer's name, and a note's problems.
 */
export const CUSTOMERS_PATH = "/ops/customers";
/** Support reads customers and writes notes on them (as the API checks it; admins do all). */
export const SUPPORT_ROLES: readonly StaffRole[] = ["support"];
export const customerPath = (customer: { uuid: string }) => `${CUSTOMERS_PATH}/${customer.uuid}`;

/** The search as the API takes it (at most 254 characters, the length of an e-mail address); empty: no search yet. */
export const customerQueryOf = (params: URLSearchParams) => (params.get("q") ?? "").trim().slice(0, 254);

/** First and last name as given; null when the customer gave none. */
export function customerNameOf(customer: { firstName: string | null; lastName: string | null }): string | null {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ").trim();
  return name || null;
}

export const NOTE_MAX = 2000;
export type NoteProblem = "noteRequired" | "noteTooLong" | "noteInvalid" | "notAllowed" | "failed";

/** A note as typed: its text for the API, or why it cannot be saved. */
export function noteOf(text: string): { text: string } | { problem: NoteProblem } {
  const trimmed = text.trim();
  if (!trimmed) return { problem: "noteRequired" };
  if (trimmed.length > NOTE_MAX) return { problem: "noteTooLong" };
  return { text: trimmed };
}

export function noteProblemOf(code: string | undefined): NoteProblem {
  if (code === "VALIDATION_FAILED") return "noteInvalid";
  if (code === "ROLE_REQUIRED") return "notAllowed";
  return "failed";
}
