CREATE INDEX "order_events_paid_idx" ON "order_events" USING btree ("at") WHERE "order_events"."to_status" = 'paid';--> statement-breakpoint
CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at","uuid");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at","uuid");--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("shipped_at","uuid") WHERE "orders"."shipped_at" is not null;--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","sale_uuid");