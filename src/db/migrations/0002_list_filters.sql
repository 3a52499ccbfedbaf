ALTER TABLE "products" ADD COLUMN "grades_in_stock" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_min","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");