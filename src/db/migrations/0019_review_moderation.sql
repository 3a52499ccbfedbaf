CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
DROP INDEX "reviews_product_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "customer_uuid" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" "review_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_uuid_customers_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."customers"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_customer_product_idx" ON "reviews" USING btree ("customer_uuid","product_id");--> statement-breakpoint
CREATE INDEX "reviews_pending_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id") WHERE "reviews"."status" = 'approved';