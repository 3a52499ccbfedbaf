DROP INDEX "units_identifier_idx";--> statement-breakpoint
DROP INDEX "units_order_item_idx";--> statement-breakpoint
DROP INDEX "units_sale_item_idx";--> statement-breakpoint
CREATE INDEX "units_identifier_idx" ON "units" USING btree ("identifier") WHERE "units"."identifier" is not null;--> statement-breakpoint
CREATE INDEX "units_order_item_idx" ON "units" USING btree ("order_item_uuid") WHERE "units"."order_item_uuid" is not null;--> statement-breakpoint
CREATE INDEX "units_sale_item_idx" ON "units" USING btree ("sale_item_uuid") WHERE "units"."sale_item_uuid" is not null;