CREATE TYPE "public"."recommendation_event_source" AS ENUM('feedback', 'personalisation');--> statement-breakpoint
CREATE TABLE "recommendation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recommendation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" "recommendation_event_source" NOT NULL,
	"slot" text NOT NULL,
	"type" text NOT NULL,
	"product_id" integer,
	"experience_id" text,
	"user_group" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recommendation_events_slot_type_time_idx" ON "recommendation_events" USING btree ("source","slot","type","created_at");