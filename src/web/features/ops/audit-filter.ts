import type { AuditLogQuery } from "../../../api/contract.ts";
import { shopDayIso } from "../../../domain/dates.ts";

/** The audit log's filter fields, as the page's form names them and its URL holds them. */
export const AUDIT_FILTER_FIELDS = ["actor", "action", "entityType", "entityId", "from", "to"] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export type AuditFilter = Record<AuditFilterField, string>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date input's value ("2026-11-27") when it names a real day the log can hold; else null. */
function dayOf(value: string): string | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

/** The day after a day ("2026-11-27" → "2026-11-28"). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The shop's UTC offset at the start of a day: summer time's +02:00 or winter's +01:00 (by the rule shopDayIso follows). */
function offsetAtStartOf(day: string): "+01:00" | "+02:00" {
  for (const offset of ["+02:00", "+01:00"] as const) {
    const midnight = new Date(`${day}T00:00:00${offset}`);
    // That offset's midnight is the day's first moment: the moment before it is the day before.
    if (shopDayIso(midnight) === day && shopDayIso(new Date(midnight.getTime() - 1)) !== day) return offset;
  }
  return "+01:00";
}

/** The first moment of a day in the shop's time zone, as an ISO time with its offset. */
export function startOfShopDay(day: string): string {
  return `${day}T00:00:00.000${offsetAtStartOf(day)}`;
}

/** The last moment of a day in the shop's time zone (clocks change in the night, so the offset is the next day's). */
export function endOfShopDay(day: string): string {
  return `${day}T23:59:59.999${offsetAtStartOf(nextDay(day))}`;
}

/** The filter as the page's URL holds it: texts trimmed, days as a date input writes them; anything else is left out. */
export function auditFilterOf(search: URLSearchParams): AuditFilter {
  const text = (name: AuditFilterField) => (search.get(name) ?? "").trim();
  return {
    actor: text("actor"),
    action: text("action"),
    entityType: text("entityType"),
    entityId: text("entityId"),
    from: dayOf(text("from")) ?? "",
    to: dayOf(text("to")) ?? "",
  };
}

/** The page of the log the URL asks for: 1 unless it names a later one. */
export function auditPageOf(search: URLSearchParams): number {
  const page = Number(search.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The filter as the API reads it: "from" the start of its day, "to" the end of its day, in the shop's time zone. */
export function auditQueryOf(filter: AuditFilter, page: number): AuditLogQuery {
  return {
    ...(filter.actor ? { actor: filter.actor } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.entityType ? { entityType: filter.entityType } : {}),
    ...(filter.entityId ? { entityId: filter.entityId } : {}),
    ...(filter.from ? { from: startOfShopDay(filter.from) } : {}),
    ...(filter.to ? { to: endOfShopDay(filter.to) } : {}),
    page,
  };
}
