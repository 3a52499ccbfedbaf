import type { Locale } from "./i18n/locales.ts";

/** The shop's time zone: dates read the same on the server and in every browser, so hydration matches. */
export const SHOP_TIME_ZONE = "Europe/Berlin";
type DateStyle = "long" | "medium" | "medium-time";

/**
 * Dates as Intl.DateTimeFormat writes them in each language with `dateStyle` long or medium (and
 * `timeStyle: "short"`), in the shop's time zone; dates.test.ts compares the two. Written out for
 * the reason money.ts gives: the first Intl date formatter a phone builds costs it 50–200 ms of
 * main thread during hydration, and browsers with other ICU versions write other text ("Sep" or
 * "Sept"), which breaks hydration.
 */
interface DateWords {
  months: string[];
  shortMonths: string[];
  long: (day: number, month: string, year: number) => string;
  medium: (day: number, month: number, year: number, shortMonth: string) => string;
  /** Hours with a leading zero ("09:05"), or without ("9:05"). */
  paddedHours: boolean;
}
const pad = (n: number) => String(n).padStart(2, "0");
const dayMonthYear = (day: number, month: string, year: number) => `${day} ${month} ${year}`;
const mediumWithShortMonth = (day: number, _month: number, year: number, shortMonth: string) => dayMonthYear(day, shortMonth, year);

const WORDS: Record<Locale, DateWords> = {
  de: {
    months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    shortMonths: [],
    long: (day, month, year) => `${day}. ${month} ${year}`,
    medium: (day, month, year) => `${pad(day)}.${pad(month)}.${year}`,
    paddedHours: true,
  },
  en: {
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
    long: dayMonthYear,
    medium: mediumWithShortMonth,
    paddedHours: true,
  },
  es: {
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    shortMonths: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    long: (day, month, year) => `${day} de ${month} de ${year}`,
    medium: mediumWithShortMonth,
    paddedHours: false,
  },
  fr: {
    months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    shortMonths: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
    long: dayMonthYear,
    medium: mediumWithShortMonth,
    paddedHours: true,
  },
  it: {
    months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    shortMonths: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
    long: dayMonthYear,
    medium: mediumWithShortMonth,
    paddedHours: true,
  },
  nl: {
    months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    shortMonths: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
    long: dayMonthYear,
    medium: mediumWithShortMonth,
    paddedHours: true,
  },
};

const HOUR_MS = 3_600_000;

/** The last Sunday of a month at 01:00 UTC: when summer time starts (March) and ends (October) in the EU. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The shop's wall-clock time for an instant (Central European Time, summer time by the EU's rule). */
function shopWallClock(date: Date): Date {
  const t = date.getTime();
  const year = date.getUTCFullYear();
  const summer = t >= lastSundayAtOneUtc(year, 2) && t < lastSundayAtOneUtc(year, 9);
  return new Date(t + (summer ? 2 : 1) * HOUR_MS);
}

export function formatDate(date: Date | string, locale: Locale, style: DateStyle = "long"): string {
  const words = WORDS[locale];
  const wall = shopWallClock(typeof date === "string" ? new Date(date) : date);
  const [day, month, year] = [wall.getUTCDate(), wall.getUTCMonth(), wall.getUTCFullYear()];
  if (style === "long") return words.long(day, words.months[month]!, year);
  const medium = words.medium(day, month + 1, year, words.shortMonths[month] ?? "");
  if (style === "medium") return medium;
  const hours = words.paddedHours ? pad(wall.getUTCHours()) : String(wall.getUTCHours());
  return `${medium}, ${hours}:${pad(wall.getUTCMinutes())}`;
}
