-- Grants named the payment behind them by its id as text (joined with ::text). They become real
-- foreign keys. The application only ever wrote payment ids here; any other value (one naming no
-- payment) is cleared first, or the cast and the constraint would refuse the migration.
UPDATE "rentals" SET "payment_ref" = NULL WHERE "payment_ref" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "payments" "p" WHERE "p"."id" = CASE WHEN "rentals"."payment_ref" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "rentals"."payment_ref"::uuid END
);--> statement-breakpoint
UPDATE "subscriptions" SET "payment_ref" = NULL WHERE "payment_ref" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "payments" "p" WHERE "p"."id" = CASE WHEN "subscriptions"."payment_ref" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "subscriptions"."payment_ref"::uuid END
);--> statement-breakpoint
ALTER TABLE "rentals" ALTER COLUMN "payment_ref" SET DATA TYPE uuid USING "payment_ref"::uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "payment_ref" SET DATA TYPE uuid USING "payment_ref"::uuid;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_payment_ref_payments_id_fk" FOREIGN KEY ("payment_ref") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_ref_payments_id_fk" FOREIGN KEY ("payment_ref") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
