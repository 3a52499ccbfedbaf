CREATE TABLE "content_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"category" text,
	"author" text,
	"related_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_from" timestamp with time zone,
	"publish_to" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"document_id" integer NOT NULL,
	"type" text NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	CONSTRAINT "content_translations_document_id_locale_pk" PRIMARY KEY("document_id","locale")
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"editor" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_uuid" uuid,
	"sale_uuid" uuid,
	"document_type" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "seo_blocks" CASCADE;--> statement-breakpoint
ALTER TABLE "content_translations" ADD CONSTRAINT "content_translations_document_id_content_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."content_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_document_id_content_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."content_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_sale_uuid_sales_uuid_fk" FOREIGN KEY ("sale_uuid") REFERENCES "public"."sales"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_documents_type_key_idx" ON "content_documents" USING btree ("type","key");--> statement-breakpoint
CREATE INDEX "content_documents_listing_idx" ON "content_documents" USING btree ("type","category","publish_from");--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_slug_idx" ON "content_translations" USING btree ("type","locale","slug");--> statement-breakpoint
CREATE INDEX "content_translations_any_slug_idx" ON "content_translations" USING btree ("type","slug");--> statement-breakpoint
CREATE INDEX "content_versions_document_idx" ON "content_versions" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "legal_acceptances_order_idx" ON "legal_acceptances" USING btree ("order_uuid");--> statement-breakpoint
CREATE INDEX "legal_acceptances_sale_idx" ON "legal_acceptances" USING btree ("sale_uuid");