import { desc, eq, ilike, or } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../../../db/audit-log.ts";
import type { Db } from "../../../db/client.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { orderItems, orders } from "../../../db/schema/orders.ts";
import { returns, warrantyClaims } from "../../../db/schema/returns.ts";
import { sales } from "../../../db/schema/selling.ts";
import { customerNotes, sentMails } from "../../../db/schema/support.ts";

const STORY_LIMIT = 100;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** Support's reads of a customer's story across the modules' tables (reads may join any table), and its notes. */
export function createSupportRepository(db: Db) {
  return {
    /** Customers whose e-mail or name holds the text, or who placed the order with that number. */
    async findCustomers(text: string, limit: number) {
      const pattern = likePattern(text);
      const byOrder = db.select({ uuid: orders.customerUuid }).from(orders).where(eq(orders.number, text.toUpperCase()));
      return db
        .select({ uuid: customers.uuid, email: customers.email, firstName: customers.firstName, lastName: customers.lastName, createdAt: customers.createdAt })
        .from(customers)
        .where(or(ilike(customers.email, pattern), ilike(customers.firstName, pattern), ilike(customers.lastName, pattern), eq(customers.uuid, byOrder)))
        .orderBy(desc(customers.createdAt))
        .limit(limit);
    },
    async customer(uuid: string) {
      return (await db.select().from(customers).where(eq(customers.uuid, uuid)))[0];
    },
    async story(customerUuid: string, email: string) {
      const ordersOf = await db
        .select({ uuid: orders.uuid, number: orders.number, status: orders.status, placedAt: orders.placedAt, total: orders.total, refundedTotal: orders.refundedTotal })
        .from(orders)
        .where(eq(orders.customerUuid, customerUuid))
        .orderBy(desc(orders.placedAt))
        .limit(STORY_LIMIT);
      const salesOf = await db.select({ uuid: sales.uuid, number: sales.number, status: sales.status, createdAt: sales.createdAt }).from(sales).where(eq(sales.customerUuid, customerUuid)).orderBy(desc(sales.createdAt)).limit(STORY_LIMIT);
      const returnsOf = await db
        .select({ uuid: returns.uuid, number: returns.number, orderNumber: orders.number, status: returns.status, createdAt: returns.createdAt })
        .from(returns)
        .innerJoin(orders, eq(orders.uuid, returns.orderUuid))
        .where(eq(orders.customerUuid, customerUuid))
        .orderBy(desc(returns.createdAt))
        .limit(STORY_LIMIT);
      const claimsOf = await db
        .select({ uuid: warrantyClaims.uuid, number: warrantyClaims.number, orderNumber: orders.number, itemName: orderItems.name, status: warrantyClaims.status, createdAt: warrantyClaims.createdAt })
        .from(warrantyClaims)
        .innerJoin(orders, eq(orders.uuid, warrantyClaims.orderUuid))
        .innerJoin(orderItems, eq(orderItems.uuid, warrantyClaims.orderItemUuid))
        .where(eq(orders.customerUuid, customerUuid))
        .orderBy(desc(warrantyClaims.createdAt))
        .limit(STORY_LIMIT);
      const mails = await db.select({ subject: sentMails.subject, at: sentMails.at }).from(sentMails).where(eq(sentMails.recipient, email)).orderBy(desc(sentMails.id)).limit(STORY_LIMIT);
      const notes = await db.select().from(customerNotes).where(eq(customerNotes.customerUuid, customerUuid)).orderBy(desc(customerNotes.id)).limit(STORY_LIMIT);
      return { orders: ordersOf, sales: salesOf, returns: returnsOf, claims: claimsOf, mails, notes };
    },
    /** The note and its audit row, in one transaction. */
    async addNote(actor: AuditActor, note: typeof customerNotes.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(customerNotes).values(note).returning();
        await appendAudit(tx as unknown as Db, actor, { action: "customer.note", entityType: "customer", entityId: note.customerUuid, after: { note: row!.id, text: note.text } });
        return row!;
      });
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
