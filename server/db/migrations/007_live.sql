-- Live versions (issue 24 §1): each page × country has at most one live version, a pointer to one of its
-- content versions. Every move of the pointer (a go-live, a rollback) is a row of live_entries, never changed
-- or removed; a page's newest entry is what is live now.

CREATE TABLE live_entries (
  fascia text COLLATE "C" NOT NULL,
  country text COLLATE "C" NOT NULL,
  page text COLLATE "C" NOT NULL,
  source text COLLATE "C" NOT NULL,
  platform text COLLATE "C" NOT NULL,
  -- The entry's place in the page's history, from 1, taken under the page's lock: the order of the moves
  -- (two moves can share a time).
  entry integer NOT NULL CHECK (entry > 0),
  -- The content version live from this entry on, its hash (the delivery route's ETag), and the version live
  -- before it (null on the page's first go-live).
  version integer NOT NULL,
  hash text NOT NULL,
  previous integer,
  move text NOT NULL CHECK (move IN ('live', 'rollback')),
  -- The database's clock, to the millisecond (the precision of the ISO times the API answers).
  at timestamptz NOT NULL,
  -- LiveEntry's `by` (a keyword of PL/pgSQL, which cannot read a record's field of that name).
  moved_by text NOT NULL,
  message text NOT NULL,
  -- The release it went live through; null for a single page's move (releases come in a later slice).
  release text,
  -- Also the index of "the newest entry of a page" (the key, then entry read backwards).
  PRIMARY KEY (fascia, country, page, source, platform, entry),
  FOREIGN KEY (fascia, country, page, source, platform, version) REFERENCES versions,
  FOREIGN KEY (fascia, country, page, source, platform, previous) REFERENCES versions
);

CREATE FUNCTION live_entries_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the live history is append-only: % of a live entry is not allowed', TG_OP;
END
$$;
CREATE TRIGGER live_entries_append_only BEFORE UPDATE OR DELETE ON live_entries
  FOR EACH ROW EXECUTE FUNCTION live_entries_are_append_only();
CREATE TRIGGER live_entries_no_truncate BEFORE TRUNCATE ON live_entries
  FOR EACH STATEMENT EXECUTE FUNCTION live_entries_are_append_only();

-- The publish action (core/permissions.ts ACTIONS) in roles defined beside the built-in ones.
ALTER TABLE roles DROP CONSTRAINT roles_actions_check;
ALTER TABLE roles ADD CONSTRAINT roles_actions_check
  CHECK (cardinality(actions) > 0
         AND actions <@ ARRAY['view', 'edit', 'structure', 'scripts', 'bookmark', 'publish', 'admin']);

-- Moves a page's live pointer in one call, like save_version (003): a go-live (the_move 'live') to
-- wanted_version, or a rollback (the_move 'rollback') to the version live before the current one. Answers:
-- - 'refused': the move is not allowed. A go-live answers the wanted version's kind (null when there is no
--   such version); a rollback answers the current entry (all null when the page was never live).
--   core/store.ts goLiveRefusal / rollBackRefusal word the refusal.
-- - 'moved': the new entry, after its audit entry (migration 005) is written and the live event is sent.
-- The page's row is locked first (as saves lock it), so moves of one page take turns across server processes
-- and each reads the entry the one before it wrote (READ COMMITTED takes a snapshot per statement). A page
-- without a row has no versions and no entries: its move is refused.
CREATE FUNCTION move_live(
  key_fascia text, key_country text, key_page text, key_source text, key_platform text,
  the_move text, wanted_version integer, move_by text, move_message text, move_release text,
  audit_action text, audit_actor text, audit_user_agent text, audit_client_address text, audit_request_id text,
  channel text
) RETURNS TABLE (outcome text, version integer, hash text, previous integer, move text, at timestamptz, by text,
                 message text, release text, kind text)
LANGUAGE plpgsql AS $$
-- The answer's columns (version, hash, ...) are also variables here; in SQL they mean the tables' columns.
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

  IF the_move = 'live' THEN
    target_version := wanted_version;
  ELSE
    -- Null when the page was never live, or its first go-live is all there is.
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

  -- The stream's live event (core/teamProtocol.ts LiveEventSchema: the entry's fields, flat), sent on commit.
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
