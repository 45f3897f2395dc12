-- Google signs ID tokens with either spelling of its issuer ('https://accounts.google.com' and
-- 'accounts.google.com'); sign-in now keys accounts by the https one. A person who signed in under
-- both spellings has two accounts: the older survives and receives everything the newer one owns
-- (sessions, rentals, subscriptions, payments, notifications, audit entries; watchlist entries,
-- notification reads and watch progress where the survivor has none for the same title or
-- notification, the most recent progress winning), and its role when the survivor is a viewer.
-- The survivor keeps its own profile (name, email, picture, phone, birth date).
CREATE TEMPORARY TABLE "google_issuer_merge" AS
SELECT
	CASE WHEN (bare."created_at", bare."id") < (full_url."created_at", full_url."id") THEN bare."id" ELSE full_url."id" END AS "survivor_id",
	CASE WHEN (bare."created_at", bare."id") < (full_url."created_at", full_url."id") THEN full_url."id" ELSE bare."id" END AS "duplicate_id"
FROM "users" bare
JOIN "users" full_url ON full_url."subject" = bare."subject" AND full_url."issuer" = 'https://accounts.google.com'
WHERE bare."issuer" = 'accounts.google.com';--> statement-breakpoint
UPDATE "sessions" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
UPDATE "rentals" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
UPDATE "subscriptions" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
UPDATE "payments" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
UPDATE "notifications" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
UPDATE "audit_entries" t SET "actor_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."actor_id" = m."duplicate_id";--> statement-breakpoint
DELETE FROM "watchlist_entries" d USING "google_issuer_merge" m, "watchlist_entries" s
WHERE d."user_id" = m."duplicate_id" AND s."user_id" = m."survivor_id" AND s."title_id" = d."title_id";--> statement-breakpoint
UPDATE "watchlist_entries" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
DELETE FROM "notification_reads" d USING "google_issuer_merge" m, "notification_reads" s
WHERE d."user_id" = m."duplicate_id" AND s."user_id" = m."survivor_id" AND s."notification_id" = d."notification_id";--> statement-breakpoint
UPDATE "notification_reads" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
DELETE FROM "watch_progress" s USING "google_issuer_merge" m, "watch_progress" d
WHERE s."user_id" = m."survivor_id" AND d."user_id" = m."duplicate_id" AND d."title_id" = s."title_id" AND d."updated_at" > s."updated_at";--> statement-breakpoint
DELETE FROM "watch_progress" d USING "google_issuer_merge" m, "watch_progress" s
WHERE d."user_id" = m."duplicate_id" AND s."user_id" = m."survivor_id" AND s."title_id" = d."title_id";--> statement-breakpoint
UPDATE "watch_progress" t SET "user_id" = m."survivor_id" FROM "google_issuer_merge" m WHERE t."user_id" = m."duplicate_id";--> statement-breakpoint
UPDATE "users" s SET "role" = d."role", "role_source" = d."role_source"
FROM "google_issuer_merge" m, "users" d
WHERE s."id" = m."survivor_id" AND d."id" = m."duplicate_id" AND s."role" = 'viewer' AND d."role" <> 'viewer';--> statement-breakpoint
DELETE FROM "users" u USING "google_issuer_merge" m WHERE u."id" = m."duplicate_id";--> statement-breakpoint
UPDATE "users" SET "issuer" = 'https://accounts.google.com', "updated_at" = now() WHERE "issuer" = 'accounts.google.com';--> statement-breakpoint
DROP TABLE "google_issuer_merge";
