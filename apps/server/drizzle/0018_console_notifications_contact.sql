CREATE TYPE "public"."contact_message_status" AS ENUM('new', 'read', 'answered');--> statement-breakpoint
CREATE TYPE "public"."notification_audience" AS ENUM('viewer', 'subscribers', 'everyone');--> statement-breakpoint
CREATE TABLE "notification_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"audience" "notification_audience" NOT NULL,
	"email" text,
	"accounts" integer DEFAULT 0 NOT NULL,
	"sender_id" uuid,
	"sender_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_sends_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" "contact_message_status" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_by_email" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_by_name" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "send_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_sends_created_idx" ON "notification_sends" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_send_id_notification_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."notification_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);