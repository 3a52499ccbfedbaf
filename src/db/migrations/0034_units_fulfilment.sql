CREATE TYPE "public"."unit_status" AS ENUM('in_stock', 'reserved', 'picked', 'shipped', 'returned', 'in_repair', 'scrapped');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'picked';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'shipped';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'delivered';--> statement-breakpoint
CREATE TABLE "unit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" "unit_status",
	"to_status" "unit_status" NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"grade" "grade" NOT NULL,
	"battery_health" smallint,
	"full_battery" boolean DEFAULT false NOT NULL,
	"identifier" text,
	"purchase_price" integer NOT NULL,
	"source" text NOT NULL,
	"sale_item_uuid" uuid,
	"supplier" text,
	"location" text,
	"status" "unit_status" DEFAULT 'in_stock' NOT NULL,
	"order_item_uuid" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_purchase_price" CHECK ("units"."purchase_price" >= 0),
	CONSTRAINT "units_battery_health" CHECK ("units"."battery_health" is null or "units"."battery_health" between 0 and 100),
	CONSTRAINT "units_held_for_order" CHECK ("units"."status" not in ('reserved', 'picked', 'shipped') or "units"."order_item_uuid" is not null)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "purchase_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "margin" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unit_events" ADD CONSTRAINT "unit_events_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_sale_item_uuid_sale_items_uuid_fk" FOREIGN KEY ("sale_item_uuid") REFERENCES "public"."sale_items"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_order_item_uuid_order_items_uuid_fk" FOREIGN KEY ("order_item_uuid") REFERENCES "public"."order_items"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_events_unit_idx" ON "unit_events" USING btree ("unit_id","id");--> statement-breakpoint
CREATE INDEX "units_stock_idx" ON "units" USING btree ("product_id","grade","full_battery","received_at") WHERE "units"."status" = 'in_stock';--> statement-breakpoint
CREATE INDEX "units_status_idx" ON "units" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "units_identifier_idx" ON "units" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "units_order_item_idx" ON "units" USING btree ("order_item_uuid");--> statement-breakpoint
CREATE INDEX "units_sale_item_idx" ON "units" USING btree ("sale_item_uuid");--> statement-breakpoint
-- Stock counted before units existed becomes units, at the product's trade-in price as the best estimate of what they cost.
INSERT INTO "units" ("product_id", "grade", "full_battery", "purchase_price", "source")
SELECT v."product_id", v."label", g.n <= v."full_battery_quantity", p."price_purchase", 'stock_count'
FROM "product_variants" v JOIN "products" p ON p."id" = v."product_id", generate_series(1, v."quantity") AS g(n);--> statement-breakpoint
-- Items of orders that still hold their stock get a unit reserved for them.
WITH held AS (
  INSERT INTO "units" ("product_id", "grade", "full_battery", "purchase_price", "source", "status", "order_item_uuid")
  SELECT i."product_id", i."label", i."with_full_battery", p."price_purchase", 'stock_count', 'reserved', i."uuid"
  FROM "order_items" i JOIN "orders" o ON o."uuid" = i."order_uuid" JOIN "products" p ON p."id" = i."product_id"
  WHERE o."status" IN ('pending_payment', 'awaiting_transfer', 'paid')
  RETURNING "id", "order_item_uuid"
)
UPDATE "order_items" i SET "unit_id" = held."id" FROM held WHERE i."uuid" = held."order_item_uuid";
