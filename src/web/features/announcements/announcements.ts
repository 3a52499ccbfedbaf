/** Announcements are fetched again only after 15 minutes. */
const ANNOUNCEMENTS_REFETCH_MS = 15 * 60 * 1000;

interface Announcement {
  text: string;
  /** ISO date-time; the announcement is hidden afterwards. */
  validTo: string;
}

export function shouldFetchAnnouncements(lastFetched: string | null | undefined, now: Date): boolean {
  if (!lastFetched) return true;
  const at = new Date(lastFetched).getTime();
  return Number.isNaN(at) || now.getTime() - at >= ANNOUNCEMENTS_REFETCH_MS || at > now.getTime();
}

export function visibleAnnouncements<T extends Announcement>(items: readonly T[], now: Date): T[] {
  return items.filter((a) => new Date(a.validTo).getTime() > now.getTime());
}
