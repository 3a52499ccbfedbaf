-- The list orders carry the category lineage (and, for popularity, whether the shop buys the product), so walking an order for one category or for the sell side checks it in the index (an index-only scan) instead of reading every product row it passes.
DROP INDEX IF EXISTS "products_popularity_idx";--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id") INCLUDE ("group_ids","allowed_purchase","purchase_stop");--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_idx";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_min","id") INCLUDE ("group_ids");--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("price_min" DESC NULLS LAST,"id") INCLUDE ("group_ids");--> statement-breakpoint
DROP INDEX IF EXISTS "products_created_idx";--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") INCLUDE ("group_ids");
