-- Pages and their versions (issue 12). A version is an immutable row; a page row holds the newest version
-- number and a copy of the newest content version's summary, kept in the save's transaction, so listing
-- reads one row per page and a save locks one row to decide a conflict.
-- Key columns sort by code point (COLLATE "C"), the order both stores list pages in.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE pages (
  fascia text COLLATE "C" NOT NULL,
  country text COLLATE "C" NOT NULL,
  page text COLLATE "C" NOT NULL,
  source text COLLATE "C" NOT NULL,
  platform text COLLATE "C" NOT NULL,
  -- The highest version number of any kind; the next save takes the one after.
  last_version integer NOT NULL DEFAULT 0,
  -- The newest version of kind content (what the page shows); null while the page has only bookmarks.
  content_version integer,
  hash text,
  author text,
  timestamp text,
  saved_at timestamptz,
  message text,
  category text,
  PRIMARY KEY (fascia, country, page, source, platform)
);
CREATE INDEX pages_newest ON pages (saved_at DESC, fascia, country, platform, source, page) WHERE content_version IS NOT NULL;
CREATE INDEX pages_fascia_newest ON pages (fascia, saved_at DESC) WHERE content_version IS NOT NULL;
CREATE INDEX pages_country_newest ON pages (country, saved_at DESC) WHERE content_version IS NOT NULL;
CREATE INDEX pages_text ON pages USING gin ((lower(page || E'\n' || category || E'\n' || author)) gin_trgm_ops)
  WHERE content_version IS NOT NULL;

CREATE TABLE versions (
  fascia text COLLATE "C" NOT NULL,
  country text COLLATE "C" NOT NULL,
  page text COLLATE "C" NOT NULL,
  source text COLLATE "C" NOT NULL,
  platform text COLLATE "C" NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  kind text NOT NULL CHECK (kind IN ('content', 'bookmark')),
  author text NOT NULL,
  -- The timestamp as the client wrote it (summaries repeat it exactly), and as a UTC instant for ordering.
  timestamp text NOT NULL,
  saved_at timestamptz NOT NULL,
  message text NOT NULL,
  hash text NOT NULL,
  content jsonb NOT NULL,
  save_id text,
  PRIMARY KEY (fascia, country, page, source, platform, version),
  UNIQUE (fascia, country, page, source, platform, save_id),
  FOREIGN KEY (fascia, country, page, source, platform) REFERENCES pages
);

CREATE FUNCTION versions_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'versions are immutable: % of a version is not allowed', TG_OP;
END
$$;
CREATE TRIGGER versions_immutable BEFORE UPDATE OR DELETE ON versions
  FOR EACH ROW EXECUTE FUNCTION versions_are_immutable();
