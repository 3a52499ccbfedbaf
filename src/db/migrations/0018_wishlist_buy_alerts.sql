CREATE TABLE "buy_alerts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_uuid" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"variants" "grade"[],
	"search_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"customer_uuid" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"price_when_added" integer NOT NULL,
	"notified_price" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_customer_uuid_product_id_pk" PRIMARY KEY("customer_uuid","product_id")
);
--> statement-breakpoint
ALTER TABLE "buy_alerts" ADD CONSTRAINT "buy_alerts_customer_uuid_customers_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."customers"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_alerts" ADD CONSTRAINT "buy_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_uuid_customers_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."customers"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buy_alerts_customer_product_idx" ON "buy_alerts" USING btree ("customer_uuid","product_id");--> statement-breakpoint
CREATE INDEX "buy_alerts_customer_idx" ON "buy_alerts" USING btree ("customer_uuid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buy_alerts_waiting_idx" ON "buy_alerts" USING btree ("product_id") WHERE "buy_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "wishlist_items_customer_idx" ON "wishlist_items" USING btree ("customer_uuid","added_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("product_id");