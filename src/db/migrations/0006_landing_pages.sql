CREATE TABLE "landing_pages" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	CONSTRAINT "landing_pages_kind_slug_pk" PRIMARY KEY("kind","slug")
);
