-- Search documents are announced too: an instance that holds the text index in memory rebuilds it
-- only when documents change, not for every stock or price update of products.
CREATE TRIGGER "product_search_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_search" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
