-- Every committed change to what instances cache is announced on "reloop_changes" (payload: the table),
-- so each instance drops its cached lists, category tree and content at once. Per statement, not per
-- row: a bulk update announces once, and PostgreSQL folds equal notifications of one transaction.
CREATE OR REPLACE FUNCTION "reloop_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reloop_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "category_translations_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_translations" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "coupons_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "product_media_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_media" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "product_facet_groups_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_facet_groups" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "announcements_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "seo_blocks_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seo_blocks" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "landing_pages_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "landing_pages" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
