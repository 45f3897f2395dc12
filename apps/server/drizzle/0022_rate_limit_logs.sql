CREATE TABLE "rate_limit_logs" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"admitted" boolean NOT NULL
);
