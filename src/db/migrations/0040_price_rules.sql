CREATE TABLE "price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"shares" jsonb NOT NULL,
	"min_margin_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_applied_at" timestamp with time zone,
	"last_applied_fingerprint" text,
	"last_applied_summary" jsonb,
	CONSTRAINT "price_rules_min_margin" CHECK ("price_rules"."min_margin_cents" is null or "price_rules"."min_margin_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_price_overrides" (
	"product_id" integer NOT NULL,
	"grade" "grade" NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_overrides_product_id_grade_pk" PRIMARY KEY("product_id","grade"),
	CONSTRAINT "product_price_overrides_price" CHECK ("product_price_overrides"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_purchase_prices" (
	"product_id" integer NOT NULL,
	"grade" "sell_grade" NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_purchase_prices_product_id_grade_pk" PRIMARY KEY("product_id","grade"),
	CONSTRAINT "product_purchase_prices_price" CHECK ("product_purchase_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_overrides" ADD CONSTRAINT "product_price_overrides_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_purchase_prices" ADD CONSTRAINT "product_purchase_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_rules_category_idx" ON "price_rules" USING btree ("category_id");