import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

export function createHealthRepository(db: Db) {
  return {
    /** The cheapest round trip that proves the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
