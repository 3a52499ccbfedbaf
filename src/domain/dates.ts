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
  shortMonths?: string[];
  /** Patterns: {d} day, {dd} day with a leading zero, {MMMM} month, {MMM} short month, {MM} month number with a leading zero, {y} year, {H}/{HH} hours, {mm} minutes. */
  long?: string;
  medium?: string;
  time?: string;
}
const PATTERNS = { long: "{d} {MMMM} {y}", medium: "{d} {MMM} {y}", time: "{HH}:{mm}" };

const WORDS: Record<Locale, DateWords> = {
  de: {
    months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    long: "{d}. {MMMM} {y}",
    medium: "{dd}.{MM}.{y}",
  },
  en: {
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  },
  es: {
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    shortMonths: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    long: "{d} de {MMMM} de {y}",
    time: "{H}:{mm}",
  },
  fr: {
    months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    shortMonths: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
  },
  it: {
    months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    shortMonths: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
  },
  nl: {
    months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    shortMonths: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
  },
};
const pad = (n: number) => String(n).padStart(2, "0");

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

/** The calendar day in the shop's time zone, as ISO "2026-11-22" (coupons' windows, "today"). */
export function shopDayIso(date: Date): string {
  const wall = shopWallClock(date);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** The day of the month in the shop's time zone. */
export function shopDayOfMonth(date: Date): number {
  return shopWallClock(date).getUTCDate();
}

/** One formatter for pages, mails and PDFs alike. */
export function formatDate(date: Date | string, locale: Locale, style: DateStyle = "long"): string {
  const words = WORDS[locale];
  const wall = shopWallClock(typeof date === "string" ? new Date(date) : date);
  const [day, month, hours] = [wall.getUTCDate(), wall.getUTCMonth(), wall.getUTCHours()];
  const fields: Record<string, string> = {
    d: String(day),
    dd: pad(day),
    MMMM: words.months[month]!,
    MMM: words.shortMonths?.[month] ?? "",
    MM: pad(month + 1),
    y: String(wall.getUTCFullYear()),
    H: String(hours),
    HH: pad(hours),
    mm: pad(wall.getUTCMinutes()),
  };
  const fill = (pattern: string) => pattern.replace(/\{(\w+)\}/g, (_, field: string) => fields[field]!);
  if (style === "long") return fill(words.long ?? PATTERNS.long);
  const medium = fill(words.medium ?? PATTERNS.medium);
  return style === "medium" ? medium : `${medium}, ${fill(words.time ?? PATTERNS.time)}`;
}

/** The first instant of a calendar day ("2026-11-22") in the shop's time zone. */
export function shopDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Central European midnight is 23:00 or 22:00 UTC of the day before: the hour whose wall clock reads the day's 00:00.
  for (const hours of [1, 2]) {
    const candidate = new Date(midnightUtc - hours * HOUR_MS);
    if (shopDayIso(candidate) === day && shopDayIso(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  return new Date(midnightUtc - HOUR_MS);
}

/** The last millisecond of a calendar day in the shop's time zone. */
export function shopDayEnd(day: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
  return new Date(shopDayStart(next).getTime() - 1);
}

/** A shop day ("2026-11-22") moved by whole calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);
}

/** A shop day moved by whole months; a day the month lacks becomes its last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay))).toISOString().slice(0, 10);
}
