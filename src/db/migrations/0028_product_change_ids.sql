-- Which products changed goes out on the change channel too: "products#" and their ids, comma-separated
-- ("products#*" for more than 500, or a truncate), so an instance that holds the products' columns in
-- memory re-reads those rows only. Sent at commit like every notification, so none is seen early.
CREATE FUNCTION "reloop_notify_product_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('reloop_changes', 'products#*');
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM old_rows;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM new_rows;
  END IF;
  IF changed > 0 THEN
    PERFORM pg_notify('reloop_changes', 'products#' || CASE WHEN changed > 500 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_notify_ids_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_product_ids"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_ids_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_product_ids"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_ids_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_product_ids"();
--> statement-breakpoint
CREATE TRIGGER "products_notify_ids_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_product_ids"();
