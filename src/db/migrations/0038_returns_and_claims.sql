CREATE SEQUENCE "public"."claim_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."return_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_uuid" uuid NOT NULL,
	"text" text NOT NULL,
	"author_uuid" uuid NOT NULL,
	"author_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"return_uuid" uuid NOT NULL,
	"order_item_uuid" uuid NOT NULL,
	"unit_id" integer,
	"reason" text NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"comment" text,
	"send_by" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"received_identifier" text,
	"identifier_mismatch" boolean DEFAULT false NOT NULL,
	"inspection" jsonb,
	"decision" text,
	"decision_reason" text,
	"refund_amount" integer,
	"refund_uuid" uuid,
	"unit_destination" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_refund_amount" CHECK ("returns"."refund_amount" is null or "returns"."refund_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sent_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claim_photos" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_uuid" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claim_photos_size" CHECK (octet_length("warranty_claim_photos"."bytes") between 1 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_uuid" uuid NOT NULL,
	"order_item_uuid" uuid NOT NULL,
	"unit_id" integer,
	"description" text NOT NULL,
	"remedy" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_reason" text,
	"refund_amount" integer,
	"refund_uuid" uuid,
	"replacement_order_uuid" uuid,
	"carrier" text,
	"tracking_number" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_for" text;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_uuid_customers_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."customers"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_uuid_returns_uuid_fk" FOREIGN KEY ("return_uuid") REFERENCES "public"."returns"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_item_uuid_order_items_uuid_fk" FOREIGN KEY ("order_item_uuid") REFERENCES "public"."order_items"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_photos" ADD CONSTRAINT "warranty_claim_photos_claim_uuid_warranty_claims_uuid_fk" FOREIGN KEY ("claim_uuid") REFERENCES "public"."warranty_claims"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_order_item_uuid_order_items_uuid_fk" FOREIGN KEY ("order_item_uuid") REFERENCES "public"."order_items"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_uuid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_items_pk" ON "return_items" USING btree ("return_uuid","order_item_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "return_items_live_item_idx" ON "return_items" USING btree ("order_item_uuid") WHERE "return_items"."live";--> statement-breakpoint
CREATE UNIQUE INDEX "returns_number_idx" ON "returns" USING btree ("number");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_uuid","created_at");--> statement-breakpoint
CREATE INDEX "returns_open_idx" ON "returns" USING btree ("status","created_at") WHERE "returns"."status" in ('requested', 'received');--> statement-breakpoint
CREATE INDEX "sent_mails_recipient_idx" ON "sent_mails" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "warranty_claim_photos_claim_idx" ON "warranty_claim_photos" USING btree ("claim_uuid","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_number_idx" ON "warranty_claims" USING btree ("number");--> statement-breakpoint
CREATE INDEX "warranty_claims_order_idx" ON "warranty_claims" USING btree ("order_uuid","created_at");--> statement-breakpoint
CREATE INDEX "warranty_claims_open_idx" ON "warranty_claims" USING btree ("status","created_at") WHERE "warranty_claims"."status" in ('open', 'in_repair');--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_open_item_idx" ON "warranty_claims" USING btree ("order_item_uuid") WHERE "warranty_claims"."status" in ('open', 'in_repair');