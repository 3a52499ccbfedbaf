CREATE TABLE "login_failures_by_client" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures_by_email" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_by_client_expires_idx" ON "login_failures_by_client" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_failures_by_email_expires_idx" ON "login_failures_by_email" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "locked_until";