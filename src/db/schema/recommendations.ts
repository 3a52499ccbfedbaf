import { bigint, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** feedback: api_recommendations_feedback; personalisation: api_salesforce_event. */
export const recommendationEventSource = pgEnum("recommendation_event_source", ["feedback", "personalisation"]);

/**
 * Impressions, clicks and dismissals of recommendation slots, kept to be counted. Holds only
 * what the endpoints receive: no session, address or customer.
 */
export const recommendationEvents = pgTable(
  "recommendation_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    source: recommendationEventSource("source").notNull(),
    /** The answer's recommendationId (feedback) or the personalised slot's contentfulId. */
    slot: text("slot").notNull(),
    /** impression, click or dismiss (feedback); Impression or Click (personalisation), as sent. */
    type: text("type").notNull(),
    /** No foreign key: events are history and outlive the products they name. */
    productId: integer("product_id"),
    experienceId: text("experience_id"),
    userGroup: text("user_group"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  // Counts per slot, type and day read one range of this index.
  (t) => [index("recommendation_events_slot_type_time_idx").on(t.source, t.slot, t.type, t.createdAt)],
);
