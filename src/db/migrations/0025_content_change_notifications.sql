-- Content texts show on kept pages too: their changes are announced like the catalogue's (0021).
CREATE TRIGGER "content_documents_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_documents" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "content_translations_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_translations" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "reloop_notify_change"();
