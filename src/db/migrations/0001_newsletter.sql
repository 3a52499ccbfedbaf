CREATE TYPE "public"."newsletter_status" AS ENUM('pending', 'active');--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"subscription_type" text NOT NULL,
	"locale" text NOT NULL,
	"status" "newsletter_status" DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "newsletter_subscriptions_email_lower" CHECK ("newsletter_subscriptions"."email" = lower("newsletter_subscriptions"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_idx" ON "newsletter_subscriptions" USING btree ("email");