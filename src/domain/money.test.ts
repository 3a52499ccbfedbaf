import { describe, expect, it } from "vitest";
import { LOCALES, INTL_TAG } from "./i18n/locales.ts";
import { CURRENCY, formatDecimal, formatMoney } from "./money.ts";

const AMOUNTS = [0, 1, 9, 10, 99, 100, 505, 99_999, 100_000, 123_456, 999_999, 1_000_000, 1_234_567, 12_345_678, 123_456_789_01, -1, -500, -123_456, -1_234_567];

describe("formatMoney", () => {
  it.each(LOCALES)("writes euro amounts in %s as Intl.NumberFormat does", (locale) => {
    const intl = new Intl.NumberFormat(INTL_TAG[locale], { style: "currency", currency: CURRENCY });
    for (const cents of AMOUNTS) expect(formatMoney(cents, locale)).toBe(intl.format(cents / 100));
  });

  it("writes each language's separators and symbol position", () => {
    expect(formatMoney(123_456, "de")).toBe("1.234,56\u00a0€");
    expect(formatMoney(123_456, "en")).toBe("€1,234.56");
    expect(formatMoney(123_456, "es")).toBe("1234,56\u00a0€");
    expect(formatMoney(1_234_567, "es")).toBe("12.345,67\u00a0€");
    expect(formatMoney(123_456, "fr")).toBe("1\u202f234,56\u00a0€");
    expect(formatMoney(-500, "nl")).toBe("€\u00a0-5,00");
  });
});

describe("formatDecimal", () => {
  it.each(LOCALES)("writes a rating's average in %s as Intl.NumberFormat does", (locale) => {
    const intl = new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: 1 });
    for (const value of [0, 1, 3.5, 4.2, 4.95, 5, 12.25, 1234.5]) expect(formatDecimal(value, locale)).toBe(intl.format(value));
  });

  it.each(LOCALES)("writes whole counts in %s as Intl.NumberFormat does", (locale) => {
    const intl = new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: 0 });
    for (const value of [0, 7, 999, 1000, 5000, 12_345, 999_999, 1_000_000]) expect(formatDecimal(value, locale, 0)).toBe(intl.format(value));
  });
});
