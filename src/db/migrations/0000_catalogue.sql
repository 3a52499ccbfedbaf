CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."grade" AS ENUM('NEW', 'A0', 'A1', 'A2', 'A3', 'A4');--> statement-breakpoint
CREATE TYPE "public"."relation_kind" AS ENUM('storage', 'colour', 'accessory', 'wristband');--> statement-breakpoint
CREATE TYPE "public"."root_kind" AS ENUM('electronics', 'media');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"root_kind" "root_kind" NOT NULL,
	"is_accessory" boolean DEFAULT false NOT NULL,
	"is_watch_case" boolean DEFAULT false NOT NULL,
	"is_wristband" boolean DEFAULT false NOT NULL,
	"image_kind" text DEFAULT 'box' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "category_translations_category_id_locale_pk" PRIMARY KEY("category_id","locale")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"is_video" boolean DEFAULT false NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_relations" (
	"product_id" integer NOT NULL,
	"related_product_id" integer NOT NULL,
	"kind" "relation_kind" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_relations_product_id_kind_related_product_id_pk" PRIMARY KEY("product_id","kind","related_product_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"product_id" integer NOT NULL,
	"label" "grade" NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"full_battery_quantity" integer DEFAULT 0 NOT NULL,
	"full_battery_price" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_product_id_label_pk" PRIMARY KEY("product_id","label")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"brand" text NOT NULL,
	"category_id" integer NOT NULL,
	"group_ids" integer[] NOT NULL,
	"prop_rom" text,
	"prop_color" text,
	"ean" text,
	"isbn" text,
	"asin" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"charger_compatible" boolean DEFAULT false NOT NULL,
	"assembly_split" boolean DEFAULT false NOT NULL,
	"allowed_purchase" boolean DEFAULT true NOT NULL,
	"purchase_stop" boolean DEFAULT false NOT NULL,
	"offered_by_libri_only" boolean DEFAULT false NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"coupon_code" text,
	"price_min" integer,
	"blue_price" integer NOT NULL,
	"price_purchase" integer NOT NULL,
	"insurance_price" integer,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" jsonb NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_related_product_id_products_id_fk" FOREIGN KEY ("related_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "category_translations_path_idx" ON "category_translations" USING btree ("locale","path");--> statement-breakpoint
CREATE INDEX "product_media_product_idx" ON "product_media" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_group_ids_idx" ON "products" USING gin ("group_ids");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_ean_idx" ON "products" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "products_isbn_idx" ON "products" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "announcements_valid_idx" ON "announcements" USING btree ("valid_to");