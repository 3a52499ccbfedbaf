import { describe, expect, it } from "vitest";
import { bookProblemOf, importProblemOf, pageOf, stateOf, summaryOf, summaryParams, transfersPath } from "./transfer-form.ts";

describe("the transfers page", () => {
  it("keeps its filter and page in the address", () => {
    expect(transfersPath(null)).toBe("/ops/transfers");
    expect(transfersPath("unmatched")).toBe("/ops/transfers?state=unmatched");
    expect(transfersPath("partial", 3, { bookedOn: "R26-004217" })).toBe("/ops/transfers?state=partial&page=3&bookedOn=R26-004217");
    expect(stateOf("needs_refund")).toBe("needs_refund");
    expect(stateOf("lost")).toBeNull();
    expect(pageOf("2")).toBe(2);
    expect(pageOf("0")).toBe(1);
    expect(pageOf("x")).toBe(1);
  });

  it("carries an import's figures in the address and reads them back", () => {
    const summary = { added: 5, known: 2, booked: 3, skipped: 1 };
    expect(summaryOf(new URLSearchParams(summaryParams(summary)))).toEqual(summary);
    expect(summaryOf(new URLSearchParams("added=5"))).toBeNull();
    expect(summaryOf(new URLSearchParams("added=-1&known=0&booked=0&skipped=0"))).toBeNull();
  });

  it("says each refusal of an import and of a booking at its field", () => {
    expect(importProblemOf("STATEMENT_INVALID_XML")).toBe("invalidXml");
    expect(importProblemOf("STATEMENT_NOT_CAMT053")).toBe("notCamt053");
    expect(importProblemOf("STATEMENT_TOO_LARGE")).toBe("tooLarge");
    expect(importProblemOf(undefined)).toBe("failed");
    const refusal = (code: string, reference = "x") => ({ code, errors: [{ code, reference }] });
    expect(bookProblemOf(refusal("TRANSFER_NOTE_REQUIRED"))).toEqual({ field: "note", problem: "noteRequired" });
    expect(bookProblemOf(refusal("ORDER_NOT_AWAITING_TRANSFER"))).toEqual({ field: "orderNumber", problem: "notAwaiting" });
    expect(bookProblemOf(refusal("VALIDATION_FAILED", "body.orderNumber"))).toEqual({ field: "orderNumber", problem: "orderNumberInvalid" });
    expect(bookProblemOf(refusal("VALIDATION_FAILED", "body.note"))).toEqual({ field: "note", problem: "noteInvalid" });
    expect(bookProblemOf(refusal("TRANSFER_ALREADY_BOOKED"))).toEqual({ field: null, problem: "alreadyBooked" });
  });
});
