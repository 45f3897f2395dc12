ALTER TABLE "rentals" ADD COLUMN "expiry_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "end_reminder_at" timestamp with time zone;