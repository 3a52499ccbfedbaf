DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_gist_idx" ON "search_words" USING gist ("word" gist_trgm_ops);