CREATE TABLE "rate_limit_logs" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"admitted" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "staff_rights" boolean DEFAULT false NOT NULL;