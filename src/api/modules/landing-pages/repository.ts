import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { landingPages } from "../../../db/schema/content.ts";
import type { LandingPageKind } from "./schemas.ts";

export function createLandingPageRepository(db: Db) {
  return {
    async find(kind: LandingPageKind, slug: string) {
      const [row] = await db
        .select()
        .from(landingPages)
        .where(and(eq(landingPages.kind, kind), eq(landingPages.slug, slug)))
        .limit(1);
      return row;
    },
  };
}
export type LandingPageRepository = ReturnType<typeof createLandingPageRepository>;
