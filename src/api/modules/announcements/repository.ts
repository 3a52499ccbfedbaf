import { and, asc, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { announcements } from "../../../db/schema/content.ts";

/** Read on every page: prepared once, with the moment as a placeholder. */
export function createAnnouncementRepository(db: Db) {
  const at = sql.placeholder("at");
  const running = db
    .select()
    .from(announcements)
    .where(and(lte(announcements.validFrom, at), gt(announcements.validTo, at)))
    .orderBy(asc(announcements.validTo))
    .limit(5)
    .prepare("announcements_running");
  return {
    /** Announcements running at this moment, soonest to end first. */
    current(now: Date) {
      return running.execute({ at: now.toISOString() });
    },
  };
}
export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;
