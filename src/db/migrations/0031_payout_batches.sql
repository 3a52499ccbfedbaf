CREATE TABLE "payout_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer NOT NULL,
	"executed_at" timestamp with time zone,
	"executed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");