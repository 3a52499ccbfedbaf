import { INTL_TAG, type Locale, type Translated } from "../domain/i18n/locales.ts";
import { formatDate, shopDayOfMonth } from "../domain/dates.ts";
import type { Address } from "../domain/checkout/cart-rules.ts";
import { lines, paragraph, type Block } from "./compose.ts";
import { SHOP } from "./shop-details.ts";

/*
 * What every mail and document of the shop writes alike, whichever module sends it: the greeting
 * and the closing lines, an address as on an envelope, a date in the shop's time zone.
 */

interface SharedMailTexts {
  /** Without a name (a customer who gave none): the greeting alone. */
  greeting: (firstName: string | null) => string;
  /** Closing lines, under the last paragraph. */
  signOff: (brand: string) => string[];
  /** DHL's customer number on a Packstation address. */
  postNumber: string;
}

export const MAIL_TEXTS: Translated<SharedMailTexts> = {
  de: {
    greeting: (firstName) => (firstName ? `Hallo ${firstName},` : "Hallo,"),
    signOff: (brand) => ["Viele Grüße", `dein ${brand}-Team`],
    postNumber: "Postnummer",
  },
  en: {
    greeting: (firstName) => (firstName ? `Hello ${firstName},` : "Hello,"),
    signOff: (brand) => ["Kind regards,", `The ${brand} team`],
    postNumber: "Post number",
  },
  es: {
    greeting: (firstName) => (firstName ? `Hola, ${firstName}:` : "Hola:"),
    signOff: (brand) => ["Un saludo,", `El equipo de ${brand}`],
    postNumber: "Número de cliente DHL",
  },
  fr: {
    greeting: (firstName) => (firstName ? `Bonjour ${firstName},` : "Bonjour,"),
    signOff: (brand) => ["Cordialement,", `L'équipe ${brand}`],
    postNumber: "Numéro client DHL",
  },
  it: {
    greeting: (firstName) => (firstName ? `Ciao ${firstName},` : "Ciao,"),
    signOff: (brand) => ["Un saluto,", `il team di ${brand}`],
    postNumber: "Numero cliente DHL",
  },
  nl: {
    greeting: (firstName) => (firstName ? `Hallo ${firstName},` : "Hallo,"),
    signOff: (brand) => ["Met vriendelijke groet,", `Het ${brand}-team`],
    postNumber: "DHL-klantnummer",
  },
};

/** "Hello Lena," above a mail's body. */
export function greeting(locale: Locale, firstName: string | null): Block {
  return paragraph(MAIL_TEXTS[locale].greeting(firstName));
}

/** The shop's closing lines under a mail's body. */
export function signOff(locale: Locale): Block {
  return lines(MAIL_TEXTS[locale].signOff(SHOP.brand));
}

/** A date as the texts use it: formatted, and its day for languages whose article depends on it. */
export interface DateText {
  text: string;
  day: number;
}

const FIRST_OF_MONTH: Partial<Record<Locale, string>> = { fr: "1er", it: "1º" };

/** The calendar date in Germany, where deadlines are kept, whatever the server's zone (the pages' formatter). */
export function dateText(date: Date, locale: Locale): DateText {
  const day = shopDayOfMonth(date);
  // The formatter writes "1 mars" and "1 marzo"; French and Italian write the first of the month as an ordinal.
  const ordinal = day === 1 ? FIRST_OF_MONTH[locale] : undefined;
  const long = formatDate(date, locale, "long");
  return { text: ordinal ? long.replace(/^1(?=\D)/, ordinal) : long, day };
}

/** An address as it is written on an envelope, the country in the reader's language. */
export function addressLines(address: Address, locale: Locale): string[] {
  return [
    ...(address.company ? [address.company] : []),
    `${address.firstName} ${address.lastName}`,
    `${address.street} ${address.houseNumber}`,
    ...(address.packstation && address.postNumber ? [`${MAIL_TEXTS[locale].postNumber} ${address.postNumber}`] : []),
    `${address.postalCode} ${address.city}`,
    countryName(address.country, locale),
  ];
}

const countryNames = new Map<Locale, Intl.DisplayNames>();
function countryName(code: string, locale: Locale): string {
  let names = countryNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([INTL_TAG[locale]], { type: "region" });
    countryNames.set(locale, names);
  }
  return names.of(code) ?? code;
}
