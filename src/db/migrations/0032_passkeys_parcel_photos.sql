CREATE TABLE "sale_parcel_photos" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_uuid" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_parcel_photos_size" CHECK (octet_length("sale_parcel_photos"."bytes") between 1 and 5242880)
);
--> statement-breakpoint
CREATE TABLE "staff_passkeys" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"customer_uuid" uuid NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_webauthn_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_webauthn_challenges_purpose" CHECK ("staff_webauthn_challenges"."purpose" in ('registration', 'authentication'))
);
--> statement-breakpoint
ALTER TABLE "sale_parcel_photos" ADD CONSTRAINT "sale_parcel_photos_sale_uuid_sales_uuid_fk" FOREIGN KEY ("sale_uuid") REFERENCES "public"."sales"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_passkeys" ADD CONSTRAINT "staff_passkeys_customer_uuid_staff_members_customer_uuid_fk" FOREIGN KEY ("customer_uuid") REFERENCES "public"."staff_members"("customer_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_webauthn_challenges" ADD CONSTRAINT "staff_webauthn_challenges_token_hash_sessions_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_parcel_photos_sale_idx" ON "sale_parcel_photos" USING btree ("sale_uuid","uploaded_at");--> statement-breakpoint
CREATE INDEX "staff_passkeys_member_idx" ON "staff_passkeys" USING btree ("customer_uuid");