ALTER TABLE "sales" ADD COLUMN "coupon_bonus_percent" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "coupon_max_bonus" integer;