ALTER TYPE "public"."job_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "third_party_feeds" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "third_party_feeds" ADD COLUMN "last_counts" jsonb;--> statement-breakpoint
-- Feeds checked before this column existed: their last good check is their last check.
UPDATE "third_party_feeds" SET "last_synced_at" = "last_checked_at" WHERE "last_error" IS NULL;
