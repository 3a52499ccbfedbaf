CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"doc_de" "tsvector" NOT NULL,
	"doc_en" "tsvector" NOT NULL,
	"doc_es" "tsvector" NOT NULL,
	"doc_fr" "tsvector" NOT NULL,
	"doc_it" "tsvector" NOT NULL,
	"doc_nl" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_conversion_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"search_uuid" uuid NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_conversion_clicks" ADD CONSTRAINT "search_conversion_clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_de_idx" ON "product_search" USING gin ("doc_de");--> statement-breakpoint
CREATE INDEX "product_search_en_idx" ON "product_search" USING gin ("doc_en");--> statement-breakpoint
CREATE INDEX "product_search_es_idx" ON "product_search" USING gin ("doc_es");--> statement-breakpoint
CREATE INDEX "product_search_fr_idx" ON "product_search" USING gin ("doc_fr");--> statement-breakpoint
CREATE INDEX "product_search_it_idx" ON "product_search" USING gin ("doc_it");--> statement-breakpoint
CREATE INDEX "product_search_nl_idx" ON "product_search" USING gin ("doc_nl");--> statement-breakpoint
CREATE INDEX "search_conversion_clicks_search_idx" ON "search_conversion_clicks" USING btree ("search_uuid");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_asin_idx" ON "products" USING btree ("asin");--> statement-breakpoint
-- Search documents and words follow products through triggers, so every writer (seed, staff) keeps search current.
CREATE FUNCTION product_search_doc(cfg regconfig, name text, descr text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(cfg, name), 'A') || setweight(to_tsvector(cfg, coalesce(descr, '')), 'B')
$$;--> statement-breakpoint
CREATE FUNCTION product_search_words(name text, description jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', name || ' ' || coalesce((SELECT string_agg(value, ' ') FROM jsonb_each_text(description)), '')))) w
  WHERE length(w) BETWEEN 2 AND 40
$$;--> statement-breakpoint
CREATE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search (product_id, doc_de, doc_en, doc_es, doc_fr, doc_it, doc_nl)
  SELECT id,
    product_search_doc('german', name, description->>'de'),
    product_search_doc('english', name, description->>'en'),
    product_search_doc('spanish', name, description->>'es'),
    product_search_doc('french', name, description->>'fr'),
    product_search_doc('italian', name, description->>'it'),
    product_search_doc('dutch', name, description->>'nl')
  FROM products WHERE id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET doc_de = excluded.doc_de, doc_en = excluded.doc_en, doc_es = excluded.doc_es,
    doc_fr = excluded.doc_fr, doc_it = excluded.doc_it, doc_nl = excluded.doc_nl;
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, product_search_words(p.name, p.description) w WHERE p.id = ANY(ids)
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION product_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT id FROM new_products));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_inserted();--> statement-breakpoint
-- Only a changed name or description is analysed again; stock and price updates do not touch search.
CREATE TRIGGER products_search_update AFTER UPDATE OF name, description ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description) EXECUTE FUNCTION product_search_updated();--> statement-breakpoint
SELECT product_search_refresh(ARRAY(SELECT id FROM products));
