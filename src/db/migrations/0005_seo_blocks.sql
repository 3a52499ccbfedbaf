CREATE TABLE "seo_blocks" (
	"identifier" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "seo_blocks_identifier_locale_pk" PRIMARY KEY("identifier","locale")
);
