CREATE TABLE "third_party_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_checked_at" timestamp with time zone,
	"last_imported_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_party_feeds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "third_party_items" (
	"title_id" uuid PRIMARY KEY NOT NULL,
	"feed_id" uuid NOT NULL,
	"guid" text NOT NULL,
	"media_url" text NOT NULL,
	"media_type" text NOT NULL,
	"trailer_url" text,
	"collections" text[] DEFAULT '{}' NOT NULL,
	"credits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"artwork_source" text DEFAULT '' NOT NULL,
	"content_hash" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "third_party_items_feed_guid_key" UNIQUE("feed_id","guid")
);
--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "is_third_party" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "third_party_items" ADD CONSTRAINT "third_party_items_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_items" ADD CONSTRAINT "third_party_items_feed_id_third_party_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."third_party_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "third_party_items_published_idx" ON "third_party_items" USING btree ("feed_id","published_at");