import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** Support's notes on a customer, shown on the customer's page with everything else about them. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    customerUuid: uuid("customer_uuid")
      .notNull()
      .references(() => customers.uuid, { onDelete: "cascade" }),
    text: text("text").notNull(),
    authorUuid: uuid("author_uuid").notNull(),
    authorEmail: text("author_email").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("customer_notes_customer_idx").on(t.customerUuid, t.id)],
);

/** Every mail sent, to whom and about what (no body): what support sees of a customer's mails. */
export const sentMails = pgTable(
  "sent_mails",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("sent_mails_recipient_idx").on(t.recipient, t.id)],
);
