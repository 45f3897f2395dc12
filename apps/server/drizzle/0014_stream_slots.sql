CREATE TABLE "stream_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"title_id" uuid NOT NULL,
	"device" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "max_streams" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_slots" ADD CONSTRAINT "stream_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_slots" ADD CONSTRAINT "stream_slots_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_slots" ADD CONSTRAINT "stream_slots_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stream_slots_session_key" ON "stream_slots" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "stream_slots_user_idx" ON "stream_slots" USING btree ("user_id","renewed_at");