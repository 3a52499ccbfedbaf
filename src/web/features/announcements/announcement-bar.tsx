import { useTranslation } from "../../i18n/i18n.tsx";
import type { AnnouncementsView } from "../../../api/contract.ts";
import { shouldFetchAnnouncements, visibleAnnouncements } from "./announcements.ts";

/** Running announcements above the header; expired ones disappear even without a refetch. */
export function AnnouncementBar({ announcements }: { announcements: AnnouncementsView | undefined }) {
  const { t } = useTranslation();
  const items = announcements ? visibleAnnouncements(announcements.elements, new Date()) : [];
  if (items.length === 0) return null;
  return (
    <aside aria-label={t("announcements.label")} className="bg-ink px-4 py-2 text-center text-sm font-medium text-white">
      <ul>
        {items.map((a) => (
          <li key={a.text}>{a.text}</li>
        ))}
      </ul>
    </aside>
  );
}

/** When the announcements on screen were fetched; layouts keep their data until 15 minutes later. */
let fetchedAt: string | undefined;

export function rememberAnnouncements(view: AnnouncementsView | undefined): void {
  fetchedAt = view?.fetched;
}

export function announcementsDue(now = new Date()): boolean {
  return shouldFetchAnnouncements(fetchedAt, now);
}
