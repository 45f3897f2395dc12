CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"is_kids" boolean DEFAULT false NOT NULL,
	"max_age_rating" integer,
	"requires_pin" boolean DEFAULT false NOT NULL,
	"audio_language" text,
	"subtitle_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_max_age_rating_range" CHECK ("profiles"."max_age_rating" between 0 and 21)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_user_idx" ON "profiles" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
-- Every existing account gets its first profile, named and pictured like the account, dated with it.
INSERT INTO "profiles" ("user_id", "name", "avatar", "created_at") SELECT "id", "name", "image", "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "sessions" SET "profile_id" = "profiles"."id" FROM "profiles" WHERE "profiles"."user_id" = "sessions"."user_id";--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
UPDATE "watchlist_entries" SET "profile_id" = "profiles"."id" FROM "profiles" WHERE "profiles"."user_id" = "watchlist_entries"."user_id";--> statement-breakpoint
ALTER TABLE "watchlist_entries" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_entries" DROP CONSTRAINT "watchlist_entries_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_profile_id_title_id_pk" PRIMARY KEY("profile_id","title_id");--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_entries_user_idx" ON "watchlist_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "watch_progress" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
UPDATE "watch_progress" SET "profile_id" = "profiles"."id" FROM "profiles" WHERE "profiles"."user_id" = "watch_progress"."user_id";--> statement-breakpoint
ALTER TABLE "watch_progress" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_progress" DROP CONSTRAINT "watch_progress_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_profile_id_title_id_pk" PRIMARY KEY("profile_id","title_id");--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_progress_user_idx" ON "watch_progress" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notification_reads" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
UPDATE "notification_reads" SET "profile_id" = "profiles"."id" FROM "profiles" WHERE "profiles"."user_id" = "notification_reads"."user_id";--> statement-breakpoint
ALTER TABLE "notification_reads" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_reads" DROP CONSTRAINT "notification_reads_notification_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_profile_id_pk" PRIMARY KEY("notification_id","profile_id");--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
