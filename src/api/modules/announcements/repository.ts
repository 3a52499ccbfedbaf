import { and, asc, gt, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { announcements } from "../../../db/schema/content.ts";

export function createAnnouncementRepository(db: Db) {
  return {
    /** Announcements running at this moment, soonest to end first. */
    current(now: Date) {
      const at = now.toISOString();
      return db
        .select()
        .from(announcements)
        .where(and(lte(announcements.validFrom, at), gt(announcements.validTo, at)))
        .orderBy(asc(announcements.validTo))
        .limit(5);
    },
  };
}
export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;
