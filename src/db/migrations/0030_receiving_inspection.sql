CREATE TABLE "blocked_devices" (
	"identifier" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unmatched_parcels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"note" text,
	"received_by" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "checklist" jsonb;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "inspected_grade" "sell_grade";--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "inspection_outcome" text;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "inspection_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "device_identifier" text;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "inspected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "inspected_by" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "receiving_note" text;--> statement-breakpoint
CREATE INDEX "unmatched_parcels_open_idx" ON "unmatched_parcels" USING btree ("received_at") WHERE "unmatched_parcels"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "sale_items_device_identifier_idx" ON "sale_items" USING btree ("device_identifier");--> statement-breakpoint
CREATE INDEX "sales_status_created_idx" ON "sales" USING btree ("status","created_at");