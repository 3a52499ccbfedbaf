import { describe, expect, it } from "vitest";
import { asinProblem, eanProblem, gtinCheckDigit, identifierProblem, identifierProblemMessage, isbn10CheckDigit, isbnProblem, normalizeIdentifier } from "./identifiers.ts";

describe("EAN", () => {
  it("takes EAN-13 and EAN-8 codes whose check digit matches", () => {
    expect(eanProblem("4006381333931")).toBeNull();
    expect(eanProblem("9783161484100")).toBeNull();
    expect(eanProblem("96385074")).toBeNull();
    expect(eanProblem("73513537")).toBeNull();
    // A check digit of 0 (the sum is already a multiple of ten).
    expect(eanProblem("4012345000000".slice(0, 12) + gtinCheckDigit("401234500000"))).toBeNull();
  });

  it("refuses a wrong check digit, naming the one that would match", () => {
    expect(eanProblem("4006381333932")).toEqual({ kind: "checkDigit", expected: "1" });
    expect(eanProblem("96385075")).toEqual({ kind: "checkDigit", expected: "4" });
    // Two neighbouring digits swapped: the weights 1 and 3 catch it.
    expect(eanProblem("4006381339331")).toMatchObject({ kind: "checkDigit" });
  });

  it("refuses what is not 8 or 13 digits", () => {
    for (const code of ["", "400638133393", "40063813339311", "400638133393A", "1234567", "123456789"]) expect(eanProblem(code), code).toEqual({ kind: "format" });
  });
});

describe("ISBN", () => {
  it("takes ISBN-10 (modulo 11, X for ten) and ISBN-13 of the prefixes 978 and 979", () => {
    expect(isbnProblem("0306406152")).toBeNull();
    expect(isbnProblem("080442957X")).toBeNull();
    expect(isbn10CheckDigit("080442957")).toBe("X");
    expect(isbnProblem("9780306406157")).toBeNull();
    expect(isbnProblem("9791032305690")).toBeNull();
  });

  it("refuses a wrong check digit", () => {
    expect(isbnProblem("0306406153")).toEqual({ kind: "checkDigit", expected: "2" });
    expect(isbnProblem("0804429570")).toEqual({ kind: "checkDigit", expected: "X" });
    expect(isbnProblem("9780306406158")).toEqual({ kind: "checkDigit", expected: "7" });
  });

  it("refuses an EAN-13 outside the book prefixes, and other shapes", () => {
    expect(isbnProblem("4006381333931")).toEqual({ kind: "format" });
    for (const code of ["030640615", "03064061522", "X306406152", "03064O6152"]) expect(isbnProblem(code), code).toEqual({ kind: "format" });
  });
});

describe("ASIN", () => {
  it("takes Amazon's ten-character numbers starting with B, and a book's ISBN-10", () => {
    expect(asinProblem("B08N5WRWNW")).toBeNull();
    expect(asinProblem("B000000001")).toBeNull();
    expect(asinProblem("0306406152")).toBeNull();
    expect(asinProblem("080442957X")).toBeNull();
  });

  it("checks an ASIN of digits as the ISBN-10 it is", () => {
    expect(asinProblem("0306406153")).toEqual({ kind: "checkDigit", expected: "2" });
  });

  it("refuses other shapes", () => {
    for (const code of ["B08N5WRWN", "B08N5WRWNWX", "A08N5WRWNW", "B08N5WRWN!", "b08n5wrwnw"]) expect(asinProblem(code), code).toEqual({ kind: "format" });
  });
});

describe("identifiers as typed", () => {
  it("are compared without spaces and hyphens, in upper case", () => {
    expect(normalizeIdentifier(" 978-0-306-40615-7 ")).toBe("9780306406157");
    expect(normalizeIdentifier("0-8044-2957-x")).toBe("080442957X");
    expect(identifierProblem("isbn", "0-8044-2957-x")).toBeNull();
    expect(identifierProblem("ean", "4 006381 333931")).toBeNull();
    expect(identifierProblem("asin", "b08n5wrwnw")).toBeNull();
  });

  it("say what is wrong in words", () => {
    expect(identifierProblemMessage("ean", { kind: "checkDigit", expected: "1" })).toContain("would be 1");
    expect(identifierProblemMessage("isbn", { kind: "format" })).toContain("978 or 979");
  });
});
