-- Every statement that changes what the catalogue answers show (titles, their genres, cast,
-- episodes and videos, categories, rows, banners, plans, site settings) announces it on the
-- 'catalog_changed' channel, whichever process or node made it: the servers' read models listen
-- and drop the answers they built. Per statement, and PostgreSQL folds identical notifications of
-- one transaction into one, so a bulk import costs one message.
CREATE OR REPLACE FUNCTION marquee_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY['titles', 'title_genres', 'genres', 'people', 'title_cast', 'episodes', 'media_assets',
    'categories', 'content_rows', 'row_items', 'banners', 'subscription_plans', 'site_settings']
  LOOP
    EXECUTE format('CREATE TRIGGER catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION marquee_catalog_changed()', catalogue_table);
  END LOOP;
END
$$;
