import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import {
  isShippingCarrier,
  isValidTrackingNumber,
  normalizeTrackingNumber,
  parseTrackingNumber,
  SHIPPING_CARRIER_NAMES,
  SHIPPING_CARRIERS,
  trackingUrl,
  type ShippingCarrier,
} from "./carriers.ts";

/** Numbers in the forms each carrier prints on its labels. */
const VALID: Record<ShippingCarrier, string[]> = {
  dhl: ["340434188193", "00340434161094042557", "003404341610940425", "JJD000390007881234567", "JJD1490001234567890", "RX123456789DE", "LX987654321DE"],
  dpd: ["01234567890123", "01234567890123A", "09981122334455"],
  hermes: ["12345678901234", "0123456789012345", "H1002260000000100003"],
  ups: ["1Z999AA10123456784", "1Z12345E0205271688", "1ZA1B2C3D4E5F6G7H8"],
  gls: ["12345678901", "123456789012", "ZF3ZQ5RG", "Z1234567"],
};

/** Near misses: a digit too few or too many, the wrong prefix, letters where digits belong. */
const INVALID: Record<ShippingCarrier, string[]> = {
  dhl: ["", "12345678901", "123456789012345678901", "JJD123", "JJ0003900078812345", "R123456789DE", "RX12345678DE", "1Z999AA10123456784", "0034043416109404255X"],
  dpd: ["", "0123456789012", "012345678901234AB", "1Z999AA10123456784", "ABCDEFGHIJKLMN"],
  hermes: ["", "1234567890123", "123456789012345", "12345678901234567", "H12", "X1002260000000100003"],
  ups: ["", "1Z999AA1012345678", "1Z999AA101234567845", "2Z999AA10123456784", "1Z999AA1012345678-"],
  gls: ["", "1234567890", "1234567890123", "ZF3ZQ5R", "ZF3ZQ5RG9", "ZF3-Q5RG"],
};

describe("SHIPPING_CARRIERS", () => {
  it("are the parcel carriers that ship from Germany, each with its own name", () => {
    expect(SHIPPING_CARRIERS).toEqual(["dhl", "dpd", "hermes", "ups", "gls"]);
    expect(SHIPPING_CARRIERS.map((c) => SHIPPING_CARRIER_NAMES[c])).toEqual(["DHL", "DPD", "Hermes", "UPS", "GLS"]);
  });

  it("make a zod enum that takes the codes and refuses anything else", () => {
    const schema = z.enum(SHIPPING_CARRIERS);
    for (const carrier of SHIPPING_CARRIERS) expect(schema.parse(carrier)).toBe(carrier);
    for (const other of ["DHL", "fedex", "", null, 1]) expect(schema.safeParse(other).success, String(other)).toBe(false);
  });

  it("recognise a stored code", () => {
    expect(SHIPPING_CARRIERS.every(isShippingCarrier)).toBe(true);
    for (const other of ["DHL", "fedex", "", null, undefined, 1, {}]) expect(isShippingCarrier(other), String(other)).toBe(false);
  });
});

describe("normalizeTrackingNumber", () => {
  it("strips every kind of space and writes letters in upper case", () => {
    expect(normalizeTrackingNumber(" 1z 999 aa1 01 2345 6784 ")).toBe("1Z999AA10123456784");
    expect(normalizeTrackingNumber("0034\u00a00434\t1610\n9404 2557")).toBe("00340434161094042557");
    expect(normalizeTrackingNumber("jjd000390007881234567")).toBe("JJD000390007881234567");
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(normalizeTrackingNumber(normalizeTrackingNumber(value))).toBe(normalizeTrackingNumber(value));
      }),
    );
  });
});

describe("isValidTrackingNumber", () => {
  it.each(SHIPPING_CARRIERS)("takes the forms %s prints on its labels", (carrier) => {
    for (const number of VALID[carrier]) expect(isValidTrackingNumber(carrier, number), number).toBe(true);
  });

  it.each(SHIPPING_CARRIERS)("refuses near misses for %s", (carrier) => {
    for (const number of INVALID[carrier]) expect(isValidTrackingNumber(carrier, number), number).toBe(false);
  });

  it("takes numbers as they are typed: with spaces, in lower case", () => {
    expect(isValidTrackingNumber("ups", "1z 999 aa1 01 2345 6784")).toBe(true);
    expect(isValidTrackingNumber("dhl", "0034 0434 1610 9404 2557")).toBe(true);
    expect(isValidTrackingNumber("gls", "zf3zq5rg")).toBe(true);
  });

  it("tells a UPS number from the others' digits", () => {
    expect(SHIPPING_CARRIERS.filter((c) => isValidTrackingNumber(c, "1Z999AA10123456784"))).toEqual(["ups"]);
    expect(SHIPPING_CARRIERS.filter((c) => isValidTrackingNumber(c, "JJD000390007881234567"))).toEqual(["dhl"]);
  });
});

describe("parseTrackingNumber", () => {
  it("gives the normalised number, or null when it is not the carrier's", () => {
    expect(parseTrackingNumber("ups", "1z 999 aa1 01 2345 6784")).toBe("1Z999AA10123456784");
    expect(parseTrackingNumber("dpd", "1z 999 aa1 01 2345 6784")).toBeNull();
    expect(parseTrackingNumber("hermes", "  ")).toBeNull();
  });
});

describe("trackingUrl", () => {
  it("links DHL's German and English tracking pages", () => {
    expect(trackingUrl("dhl", "00340434161094042557", "de")).toBe("https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557");
    expect(trackingUrl("dhl", "00340434161094042557", "en")).toBe("https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557");
    // DHL's German site has no other languages: English for everyone else.
    expect(trackingUrl("dhl", "JJD000390007881234567", "fr")).toBe("https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode=JJD000390007881234567");
  });

  it("links DPD and UPS in each language with its region", () => {
    expect(LOCALES.map((locale) => trackingUrl("dpd", "01234567890123", locale))).toEqual([
      "https://tracking.dpd.de/status/de_DE/parcel/01234567890123",
      "https://tracking.dpd.de/status/en_US/parcel/01234567890123",
      "https://tracking.dpd.de/status/es_ES/parcel/01234567890123",
      "https://tracking.dpd.de/status/fr_FR/parcel/01234567890123",
      "https://tracking.dpd.de/status/it_IT/parcel/01234567890123",
      "https://tracking.dpd.de/status/nl_NL/parcel/01234567890123",
    ]);
    expect(trackingUrl("ups", "1Z999AA10123456784", "nl")).toBe("https://www.ups.com/track?loc=nl_NL&tracknum=1Z999AA10123456784");
    expect(trackingUrl("ups", "1Z999AA10123456784", "en")).toBe("https://www.ups.com/track?loc=en_GB&tracknum=1Z999AA10123456784");
  });

  it("links Hermes in German and GLS in German or English", () => {
    expect(trackingUrl("hermes", "H1002260000000100003", "it")).toBe("https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#H1002260000000100003");
    expect(trackingUrl("gls", "ZF3ZQ5RG", "de")).toBe("https://gls-group.com/DE/de/paketverfolgung?match=ZF3ZQ5RG");
    expect(trackingUrl("gls", "ZF3ZQ5RG", "es")).toBe("https://gls-group.com/DE/en/parcel-tracking?match=ZF3ZQ5RG");
  });

  it("normalises the number and keeps the rest of the address as it is", () => {
    expect(trackingUrl("ups", "1z 999 aa1 01 2345 6784", "de")).toBe("https://www.ups.com/track?loc=de_DE&tracknum=1Z999AA10123456784");
    fc.assert(
      fc.property(fc.constantFrom(...SHIPPING_CARRIERS), fc.constantFrom(...LOCALES), fc.stringMatching(/^[0-9A-Za-z ]{1,30}$/), (carrier, locale, typed) => {
        const number = normalizeTrackingNumber(typed);
        fc.pre(number !== "");
        expect(trackingUrl(carrier, typed, locale)).toBe(trackingUrl(carrier, "NUMBER", locale).replace("NUMBER", number));
      }),
    );
  });

  it("escapes what does not belong into an address", () => {
    expect(trackingUrl("dhl", "12&x=1#y", "de")).toBe("https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=12%26X%3D1%23Y");
  });
});
