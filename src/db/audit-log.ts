import type { Db } from "./client.ts";
import { auditLog } from "./schema/staff.ts";

/** Who did it, in which request: every staff action's audit row names both. */
export interface AuditActor {
  uuid: string;
  email: string;
  requestId: string;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends the audit row of a staff action, in the caller's transaction: the row exists exactly
 * when the action was committed. The table refuses changes and deletions (migration 0029).
 */
export async function appendAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUuid: actor.uuid,
    actorEmail: actor.email,
    requestId: actor.requestId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
