CREATE TABLE "product_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"large" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_pictures_size" CHECK (octet_length("product_pictures"."large") between 1 and 5242880 and octet_length("product_pictures"."thumb") between 1 and 1048576)
);
--> statement-breakpoint
ALTER TABLE "product_media" ADD COLUMN "picture_id" uuid;--> statement-breakpoint
ALTER TABLE "product_pictures" ADD CONSTRAINT "product_pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_pictures_product_idx" ON "product_pictures" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_picture_id_product_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."product_pictures"("id") ON DELETE cascade ON UPDATE no action;