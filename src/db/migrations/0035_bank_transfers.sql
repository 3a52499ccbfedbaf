CREATE TABLE "bank_statement_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"statement_ids" text[] NOT NULL,
	"file_name" text,
	"imported_by" uuid NOT NULL,
	"imported_by_email" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credits" integer NOT NULL,
	"added" integer NOT NULL,
	"known" integer NOT NULL,
	"skipped" integer NOT NULL,
	"booked" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"reference" text NOT NULL,
	"import_id" bigint NOT NULL,
	"statement_id" text NOT NULL,
	"amount" integer NOT NULL,
	"booking_date" date,
	"value_date" date,
	"remittance" text NOT NULL,
	"debtor_name" text,
	"debtor_iban" text,
	"end_to_end_id" text,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"order_number" text,
	"order_uuid" uuid,
	"booked_at" timestamp with time zone,
	"booked_by" uuid,
	"booked_by_email" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount" > 0),
	CONSTRAINT "bank_transfers_booked_has_order" CHECK ("bank_transfers"."state" <> 'booked' or "bank_transfers"."order_uuid" is not null)
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_reference_idx" ON "bank_transfers" USING btree ("account","reference");--> statement-breakpoint
CREATE INDEX "bank_transfers_newest_idx" ON "bank_transfers" USING btree ("booking_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_transfers_state_idx" ON "bank_transfers" USING btree ("state","booking_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_transfers_order_idx" ON "bank_transfers" USING btree ("order_uuid");