import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.ts";
import { contentDocuments, legalAcceptances } from "./schema/documents.ts";
import { ACCEPTED_AT_CHECKOUT } from "../domain/content/content.ts";

/** The statement that keeps, with an order or a sale, which versions of the legal texts the customer accepted. */
export function legalAcceptanceStatements(db: Db) {
  return {
    /** The versions as published at this moment: the ones the checkout page linked to. */
    async recordLegalAcceptance(owner: { orderUuid: string } | { saleUuid: string }): Promise<void> {
      const current = await db
        .select({ documentType: contentDocuments.key, version: contentDocuments.version })
        .from(contentDocuments)
        .where(and(eq(contentDocuments.type, "legal"), eq(contentDocuments.published, true), inArray(contentDocuments.key, [...ACCEPTED_AT_CHECKOUT])));
      if (current.length > 0) await db.insert(legalAcceptances).values(current.map((c) => ({ ...owner, ...c })));
    },
  };
}
