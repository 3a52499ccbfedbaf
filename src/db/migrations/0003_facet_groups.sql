CREATE TABLE "product_facet_groups" (
	"category_id" integer NOT NULL,
	"group_ids" integer[] NOT NULL,
	"brand" text NOT NULL,
	"prop_color" text,
	"prop_rom" text,
	"grades_in_stock" smallint NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"n" integer NOT NULL,
	"price_min" integer,
	"price_max" integer
);
--> statement-breakpoint
CREATE INDEX "product_facet_groups_group_ids_idx" ON "product_facet_groups" USING gin ("group_ids");