import type { Locale } from "../i18n/locales.ts";

/*
 * The carriers the shop sends customers' parcels with, from its warehouse in Germany: what their
 * tracking numbers look like and where a customer follows a parcel. The checks accept every form
 * a carrier prints on its labels today without checking check digits, so that a number read off a
 * label is never refused for a form the check did not know; they catch a number typed for the wrong carrier.
 */

/** Carrier codes as stored on an order; `z.enum(SHIPPING_CARRIERS)` validates them. */
export const SHIPPING_CARRIERS = ["dhl", "dpd", "hermes", "ups", "gls"] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number];

/** Carriers' own names, the same in every language. */
export const SHIPPING_CARRIER_NAMES: Readonly<Record<ShippingCarrier, string>> = { dhl: "DHL", dpd: "DPD", hermes: "Hermes", ups: "UPS", gls: "GLS" };

export function isShippingCarrier(value: unknown): value is ShippingCarrier {
  return typeof value === "string" && (SHIPPING_CARRIERS as readonly string[]).includes(value);
}

/** The forms of each carrier's tracking numbers, after normalising. */
const TRACKING_NUMBER_FORMS: Readonly<Record<ShippingCarrier, readonly RegExp[]>> = {
  dhl: [
    // Paket: 12 digits, the 20-digit shipment number (NVE, "00340434…") and the forms between.
    /^\d{12,20}$/,
    // Parcels handed over through DHL's partners and DHL Parcel Europe: "JJD" and digits.
    /^JJD\d{10,24}$/,
    // Warenpost International and other UPU items: two letters, nine digits, the country.
    /^[A-Z]{2}\d{9}[A-Z]{2}$/,
  ],
  // The 14-digit parcel number, on some labels with its check character.
  dpd: [/^\d{14}[0-9A-Z]?$/],
  // 14 or 16 digits, or the newer "H" and up to 20 characters.
  hermes: [/^\d{14}$/, /^\d{16}$/, /^H[0-9A-Z]{13,20}$/],
  // "1Z", the shipper's six characters, the service's two and the parcel's eight.
  ups: [/^1Z[0-9A-Z]{16}$/],
  // The parcel number (11 digits, 12 with its check digit) or the 8-character Track ID.
  gls: [/^\d{11,12}$/, /^[0-9A-Z]{8}$/],
};

/** A tracking number as typed or scanned, without spaces and in upper case: "1z 999 aa1" → "1Z999AA1". */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** Whether the number (normalised first) has one of the carrier's forms. */
export function isValidTrackingNumber(carrier: ShippingCarrier, trackingNumber: string): boolean {
  const normalized = normalizeTrackingNumber(trackingNumber);
  return TRACKING_NUMBER_FORMS[carrier].some((form) => form.test(normalized));
}

/** The number normalised, or null when it has none of the carrier's forms: what an order stores. */
export function parseTrackingNumber(carrier: ShippingCarrier, trackingNumber: string): string | null {
  return isValidTrackingNumber(carrier, trackingNumber) ? normalizeTrackingNumber(trackingNumber) : null;
}

/**
 * The carrier's public tracking page for the number, in the customer's language where the carrier
 * has one, else in English, else (Hermes) in German.
 */
export function trackingUrl(carrier: ShippingCarrier, trackingNumber: string, locale: Locale): string {
  const number = encodeURIComponent(normalizeTrackingNumber(trackingNumber));
  switch (carrier) {
    case "dhl":
      return `https://www.dhl.de/${locale === "de" ? "de" : "en"}/privatkunden/pakete-empfangen/verfolgen.html?piececode=${number}`;
    case "dpd":
      return `https://tracking.dpd.de/status/${locale === "en" ? "en_US" : LANGUAGE_REGION[locale]}/parcel/${number}`;
    case "hermes":
      // Hermes Germany tracks in German only.
      return `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${number}`;
    case "ups":
      return `https://www.ups.com/track?loc=${LANGUAGE_REGION[locale]}&tracknum=${number}`;
    case "gls":
      return locale === "de" ? `https://gls-group.com/DE/de/paketverfolgung?match=${number}` : `https://gls-group.com/DE/en/parcel-tracking?match=${number}`;
  }
}

/** The language and region codes UPS's and DPD's pages take (DPD's English one is American). */
const LANGUAGE_REGION: Readonly<Record<Locale, string>> = { de: "de_DE", en: "en_GB", es: "es_ES", fr: "fr_FR", it: "it_IT", nl: "nl_NL" };
