-- Releases (issue 24 §2): named sets of page × country × version items that go live together, at once or at a
-- scheduled time, in one transaction, and roll back together (core/releases.ts; server/releases/).

CREATE TABLE releases (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'scheduled', 'going-live', 'live', 'failed', 'rolled-back')),
  -- When it is to go live (kept after it went live), who scheduled it, and the identity provider's groups they
  -- had then (their grants are checked again at that time, with those groups).
  scheduled_for timestamptz,
  scheduled_by text,
  scheduled_groups text[] NOT NULL DEFAULT '{}',
  -- Raised by every schedule, unschedule, change that unschedules and go-live now: a queued job names the
  -- revision it was made for, and fires only while the release still has it (exactly once, never a stale one).
  schedule_revision integer NOT NULL DEFAULT 0,
  -- While going live: whose publish permission it goes live with, and since when (a stopped go-live is resumed
  -- by the next server with these, and its note says how late).
  moving_by text,
  moving_groups text[] NOT NULL DEFAULT '{}',
  going_live_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  went_live_at timestamptz,
  rolled_back_at timestamptz,
  note text,
  CHECK (status <> 'scheduled' OR (scheduled_for IS NOT NULL AND scheduled_by IS NOT NULL)),
  CHECK (status <> 'going-live' OR (moving_by IS NOT NULL AND going_live_at IS NOT NULL))
);
-- Names are unique whatever their case: "Summer sale" and "summer sale" would be confused.
CREATE UNIQUE INDEX releases_unique_name ON releases (lower(name));
CREATE INDEX releases_newest ON releases (created_at DESC, id DESC);
-- The recovery pass at start: scheduled releases whose time passed, releases stuck going live.
CREATE INDEX releases_pending ON releases (status, scheduled_for) WHERE status IN ('scheduled', 'going-live');

-- One row per page × country of a release, with the content version it puts live; live_before is the version
-- that was live before the release went live (null when the page was not), what a rollback returns to.
CREATE TABLE release_items (
  release_id integer NOT NULL REFERENCES releases ON DELETE CASCADE,
  fascia text COLLATE "C" NOT NULL,
  country text COLLATE "C" NOT NULL,
  page text COLLATE "C" NOT NULL,
  source text COLLATE "C" NOT NULL,
  platform text COLLATE "C" NOT NULL,
  version integer NOT NULL,
  live_before integer,
  PRIMARY KEY (release_id, fascia, country, page, source, platform),
  FOREIGN KEY (fascia, country, page, source, platform, version) REFERENCES versions
);
-- Collisions: the other releases holding a page × country.
CREATE INDEX release_items_by_page ON release_items (fascia, country, page, source, platform);

-- move_live (007) with one addition: a rollback given wanted_version returns to that version (a release's
-- rollback puts each item back on the version live before the release). Without it (null, as a single page's
-- rollback sends), a rollback returns to the version live before the current one, as before.
CREATE OR REPLACE FUNCTION move_live(
  key_fascia text, key_country text, key_page text, key_source text, key_platform text,
  the_move text, wanted_version integer, move_by text, move_message text, move_release text,
  audit_action text, audit_actor text, audit_user_agent text, audit_client_address text, audit_request_id text,
  channel text
) RETURNS TABLE (outcome text, version integer, hash text, previous integer, move text, at timestamptz, by text,
                 message text, release text, kind text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  live_now live_entries%ROWTYPE;
  target_version integer;
  target_kind text;
  target_hash text;
  added live_entries%ROWTYPE;
BEGIN
  PERFORM FROM pages
   WHERE (fascia, country, page, source, platform) = (key_fascia, key_country, key_page, key_source, key_platform)
     FOR NO KEY UPDATE;

  SELECT * INTO live_now FROM live_entries l
   WHERE (l.fascia, l.country, l.page, l.source, l.platform) = (key_fascia, key_country, key_page, key_source, key_platform)
   ORDER BY l.entry DESC LIMIT 1;

  IF the_move = 'live' OR wanted_version IS NOT NULL THEN
    target_version := wanted_version;
  ELSE
    target_version := live_now.previous;
    IF target_version IS NULL THEN
      RETURN QUERY SELECT 'refused', live_now.version, live_now.hash, live_now.previous, live_now.move, live_now.at,
                          live_now.moved_by, live_now.message, live_now.release, NULL::text;
      RETURN;
    END IF;
  END IF;

  SELECT v.kind, v.hash INTO target_kind, target_hash FROM versions v
   WHERE (v.fascia, v.country, v.page, v.source, v.platform) = (key_fascia, key_country, key_page, key_source, key_platform)
     AND v.version = target_version;
  IF target_kind IS DISTINCT FROM 'content' THEN
    RETURN QUERY SELECT 'refused', target_version, NULL::text, NULL::integer, NULL::text, NULL::timestamptz,
                        NULL::text, NULL::text, NULL::text, target_kind;
    RETURN;
  END IF;

  INSERT INTO live_entries (fascia, country, page, source, platform, entry, version, hash, previous, move, at,
                            moved_by, message, release)
  VALUES (key_fascia, key_country, key_page, key_source, key_platform, coalesce(live_now.entry, 0) + 1,
          target_version, target_hash, live_now.version, the_move, date_trunc('milliseconds', clock_timestamp()),
          move_by, move_message, move_release)
  RETURNING * INTO added;

  INSERT INTO audit_log (actor, action, fascia, country, page, source, platform, version, result, user_agent,
                         client_address, request_id, details)
  VALUES (audit_actor, audit_action, key_fascia, key_country, key_page, key_source, key_platform, target_version,
          'ok', audit_user_agent, audit_client_address, audit_request_id,
          jsonb_build_object('previous', added.previous, 'message', added.message, 'release', added.release));

  PERFORM pg_notify(channel, jsonb_build_object(
    'type', 'live',
    'pageKey', jsonb_build_object('fascia', key_fascia, 'country', key_country, 'page', key_page,
                                  'source', key_source, 'platform', key_platform),
    'version', added.version, 'hash', added.hash, 'previous', added.previous, 'move', added.move,
    'at', to_char(added.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'by', added.moved_by, 'message', added.message, 'release', added.release)::text);

  RETURN QUERY SELECT 'moved', added.version, added.hash, added.previous, added.move, added.at, added.moved_by,
                      added.message, added.release, target_kind;
END
$$;

-- Moves every item of a release through move_live in one call: a go-live (the_move 'live') to each item's
-- version, recording what was live before it, or a rollback (the_move 'rollback') to each item's live_before.
-- Answers one 'moved' row per item (its new entry), or, when any item cannot move, one row only: 'refused'
-- (move_live's refusal: the wanted version's kind) or 'error' (what the database said), naming that item; then
-- nothing of the call is left (the items moved before it are undone with the block), and the caller rolls its
-- transaction back. The caller holds the release's row lock.
CREATE FUNCTION move_release(
  the_release integer, the_move text, move_by text, move_message text, move_release text,
  audit_actor text, audit_user_agent text, audit_client_address text, audit_request_id text, channel text
) RETURNS TABLE (outcome text, fascia text, country text, page text, source text, platform text, version integer,
                 hash text, previous integer, at timestamptz, kind text, reason text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  item release_items%ROWTYPE;
  moved record;
  failed_kind text;
  refused boolean := false;
BEGIN
  BEGIN
    FOR item IN SELECT * FROM release_items i WHERE i.release_id = the_release
                 ORDER BY i.fascia, i.country, i.page, i.source, i.platform LOOP
      SELECT * INTO moved FROM move_live(
        item.fascia, item.country, item.page, item.source, item.platform, the_move,
        CASE the_move WHEN 'live' THEN item.version ELSE item.live_before END,
        move_by, move_message, move_release,
        CASE the_move WHEN 'live' THEN 'page.go-live' ELSE 'page.roll-back' END,
        audit_actor, audit_user_agent, audit_client_address, audit_request_id, channel);
      IF moved.outcome <> 'moved' THEN
        refused := true;
        failed_kind := moved.kind;
        RAISE EXCEPTION 'refused' USING ERRCODE = 'SR001';
      END IF;
      IF the_move = 'live' THEN
        UPDATE release_items i SET live_before = moved.previous
         WHERE (i.release_id, i.fascia, i.country, i.page, i.source, i.platform)
             = (the_release, item.fascia, item.country, item.page, item.source, item.platform);
      END IF;
    END LOOP;
  EXCEPTION WHEN OTHERS THEN
    RETURN QUERY SELECT CASE WHEN refused THEN 'refused' ELSE 'error' END, item.fascia, item.country, item.page,
                        item.source, item.platform,
                        CASE the_move WHEN 'live' THEN item.version ELSE item.live_before END,
                        NULL::text, NULL::integer, NULL::timestamptz, failed_kind,
                        CASE WHEN refused THEN NULL ELSE SQLERRM END;
    RETURN;
  END;
  -- Each item's entry just made: its page's newest.
  RETURN QUERY SELECT 'moved', i.fascia, i.country, i.page, i.source, i.platform, l.version, l.hash, l.previous,
                      l.at, 'content'::text, NULL::text
                 FROM release_items i
                 CROSS JOIN LATERAL (SELECT * FROM live_entries e
                                      WHERE (e.fascia, e.country, e.page, e.source, e.platform)
                                          = (i.fascia, i.country, i.page, i.source, i.platform)
                                      ORDER BY e.entry DESC LIMIT 1) l
                WHERE i.release_id = the_release
                ORDER BY i.fascia, i.country, i.page, i.source, i.platform;
END
$$;
