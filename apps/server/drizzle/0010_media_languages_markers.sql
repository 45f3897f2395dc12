ALTER TABLE "media_assets" ADD COLUMN "audio_languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "suggested_markers" jsonb;