DROP INDEX "stream_slots_session_key";--> statement-breakpoint
ALTER TABLE "stream_slots" ADD COLUMN "player_id" uuid;--> statement-breakpoint
UPDATE "stream_slots" SET "player_id" = "session_id";--> statement-breakpoint
ALTER TABLE "stream_slots" ALTER COLUMN "player_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stream_slots_player_key" ON "stream_slots" USING btree ("session_id","player_id");
