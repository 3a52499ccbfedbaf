CREATE TYPE "public"."payout_method" AS ENUM('bank_transfer', 'paypal');--> statement-breakpoint
CREATE TYPE "public"."sale_status" AS ENUM('created', 'parcel_received', 'in_inspection', 'counteroffer', 'offer_confirmed', 'paid', 'returned');--> statement-breakpoint
CREATE TYPE "public"."sell_grade" AS ENUM('A0', 'A1', 'A2', 'A3', 'A4', 'DEFECT');--> statement-breakpoint
CREATE SEQUENCE "public"."sale_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "payouts" (
	"sale_uuid" uuid PRIMARY KEY NOT NULL,
	"method" "payout_method" NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sale_uuid" uuid NOT NULL,
	"from_status" "sale_status",
	"to_status" "sale_status" NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_uuid" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"grade" "sell_grade" NOT NULL,
	"price" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"breakdown" jsonb NOT NULL,
	"counteroffer_grade" "sell_grade",
	"counteroffer_price" integer,
	"counteroffer_reason" text
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"customer_uuid" uuid NOT NULL,
	"locale" text NOT NULL,
	"status" "sale_status" DEFAULT 'created' NOT NULL,
	"payout_method" "payout_method" NOT NULL,
	"payout_account" jsonb NOT NULL,
	"carrier" text NOT NULL,
	"parcels" integer NOT NULL,
	"sender_address" jsonb NOT NULL,
	"coupon_code" text,
	"express_fee" integer NOT NULL,
	"items_total" integer NOT NULL,
	"coupon_bonus" integer NOT NULL,
	"label_fee" integer NOT NULL,
	"payout" integer NOT NULL,
	"counteroffer_deadline" timestamp with time zone,
	"counteroffer_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_parcels" CHECK ("sales"."parcels" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "sell_cart_items" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_uuid" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"grade" "sell_grade" NOT NULL,
	"price" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"breakdown" jsonb NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"search_uuid" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sell_coupon_uses" (
	"code" text NOT NULL,
	"customer_uuid" uuid NOT NULL,
	"sale_uuid" uuid NOT NULL,
	CONSTRAINT "sell_coupon_uses_code_customer_uuid_pk" PRIMARY KEY("code","customer_uuid")
);
--> statement-breakpoint
CREATE TABLE "sell_coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"bonus_percent" integer NOT NULL,
	"max_bonus_cents" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "sell_coupon_code" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "express_grading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "carrier" text DEFAULT 'dhl' NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "parcels" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_sale_uuid_sales_uuid_fk" FOREIGN KEY ("sale_uuid") REFERENCES "public"."sales"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_events" ADD CONSTRAINT "sale_events_sale_uuid_sales_uuid_fk" FOREIGN KEY ("sale_uuid") REFERENCES "public"."sales"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_uuid_sales_uuid_fk" FOREIGN KEY ("sale_uuid") REFERENCES "public"."sales"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_uuid_customers_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."customers"("uuid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_cart_items" ADD CONSTRAINT "sell_cart_items_cart_uuid_carts_uuid_fk" FOREIGN KEY ("cart_uuid") REFERENCES "public"."carts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_cart_items" ADD CONSTRAINT "sell_cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_coupon_uses" ADD CONSTRAINT "sell_coupon_uses_code_sell_coupons_code_fk" FOREIGN KEY ("code") REFERENCES "public"."sell_coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_coupon_uses" ADD CONSTRAINT "sell_coupon_uses_customer_uuid_customers_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."customers"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_coupon_uses" ADD CONSTRAINT "sell_coupon_uses_sale_uuid_sales_uuid_fk" FOREIGN KEY ("sale_uuid") REFERENCES "public"."sales"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sale_events_sale_idx" ON "sale_events" USING btree ("sale_uuid","id");--> statement-breakpoint
CREATE INDEX "sale_items_sale_idx" ON "sale_items" USING btree ("sale_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_number_idx" ON "sales" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_uuid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_counteroffer_deadline_idx" ON "sales" USING btree ("counteroffer_deadline") WHERE "sales"."status" = 'counteroffer';--> statement-breakpoint
CREATE INDEX "sell_cart_items_cart_idx" ON "sell_cart_items" USING btree ("cart_uuid","added_at");