import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidImei, isValidSerial, normalizeImei, normalizeSerial } from "./device-identifiers.ts";

/** IMEIs printed on real devices and in the standards' examples. */
const REAL_IMEIS = ["490154203237518", "356938035643809", "352099001761481", "353918052341233", "004999010640000"];

/** The Luhn check digit written the textbook way (reverse, double every second digit), to check the module against. */
function luhnCheckDigit(body: string): number {
  const sum = [...body]
    .reverse()
    .map(Number)
    .reduce((total, digit, i) => total + (i % 2 === 0 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][digit]! : digit), 0);
  return (10 - (sum % 10)) % 10;
}

describe("isValidImei", () => {
  it("accepts real IMEIs", () => {
    for (const imei of REAL_IMEIS) expect(isValidImei(imei), imei).toBe(true);
  });

  it("refuses a real IMEI with any single digit changed", () => {
    for (const imei of REAL_IMEIS) {
      for (let i = 0; i < imei.length; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === imei[i]) continue;
          const typo = imei.slice(0, i) + d + imei.slice(i + 1);
          expect(isValidImei(typo), typo).toBe(false);
        }
      }
    }
  });

  it("refuses two neighbouring digits swapped (the typo Luhn is made for, except 0 and 9)", () => {
    expect(isValidImei("940154203237518")).toBe(false);
    expect(isValidImei("490154203237581")).toBe(false);
    expect(isValidImei("359638035643809")).toBe(false);
  });

  it("wants exactly 15 digits and nothing else", () => {
    expect(isValidImei("")).toBe(false);
    expect(isValidImei("49015420323751")).toBe(false); // 14 digits: the check digit is missing
    expect(isValidImei("4901542032375180")).toBe(false); // 16 digits: an IMEISV, not an IMEI
    expect(isValidImei("000000000000000")).toBe(true); // Luhn-valid, even if no device has it
    expect(isValidImei("49015420323751a")).toBe(false);
    expect(isValidImei("49 015420 323751 8")).toBe(false); // normalizeImei first
    expect(isValidImei(" 490154203237518")).toBe(false);
    expect(isValidImei("४९०१५४२०३२३७५१८")).toBe(false); // digits of another script
  });

  it("accepts exactly one check digit for any 14 digits, the Luhn one", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), (body) => {
        const valid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isValidImei(body + d));
        expect(valid).toEqual([luhnCheckDigit(body)]);
      }),
    );
  });
});

describe("normalizeImei", () => {
  it("removes the spaces and dashes IMEIs are printed with", () => {
    expect(normalizeImei("49 015420 323751 8")).toBe("490154203237518");
    expect(normalizeImei("49-015420-323751-8")).toBe("490154203237518");
    expect(normalizeImei(" 490154203237518\n")).toBe("490154203237518");
    expect(normalizeImei("490154203237518")).toBe("490154203237518");
  });

  it("leaves anything else for isValidImei to refuse", () => {
    expect(normalizeImei("IMEI 490154203237518")).toBe("IMEI490154203237518");
    expect(isValidImei(normalizeImei("IMEI 490154203237518"))).toBe(false);
  });
});

describe("isValidSerial", () => {
  it("accepts serial numbers as manufacturers print them", () => {
    for (const serial of ["C02XG2JHJG5J", "F2LZK0ABCDEF", "5CD1234XYZ", "SN-2023-000417", "ABCD", "A".repeat(40)]) expect(isValidSerial(serial), serial).toBe(true);
  });

  it("refuses too short, too long, lower case and other characters", () => {
    for (const serial of ["", "ABC", "A".repeat(41), "c02xg2jhjg5j", "C02 XG2", "C02_XG2", "C02/XG2", "ÄBCD", " ABCD"]) expect(isValidSerial(serial), serial).toBe(false);
  });
});

describe("normalizeSerial", () => {
  it("upper-cases and trims, so a typed serial matches the printed one", () => {
    expect(normalizeSerial("  c02xg2jhjg5j ")).toBe("C02XG2JHJG5J");
    expect(isValidSerial(normalizeSerial("sn-2023-000417"))).toBe(true);
  });
});
