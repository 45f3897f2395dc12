-- A partner feed sync under way: items processed of total, written with each batch, cleared at the end.
ALTER TABLE "third_party_feeds" ADD COLUMN "sync_progress" jsonb;