-- The audit log (issue 22 §4): who did what, when, from which client, with which result. Append-only: rows are
-- inserted, never changed; only the retention sweep (sweep_audit_log below) removes rows, and only rows older
-- than the cutoff it was given. Written in the same statement as what it records where there is one (a save,
-- a token's creation or revocation), so an action and its entry commit together.
-- No foreign key to users: an entry outlives the user it names, and names users that never existed (a 401).

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  -- timestamptz is an instant; answers and the command line show it in UTC.
  at timestamptz NOT NULL DEFAULT now(),
  -- Who acted: the request's user; null when unknown (a request refused for its token, the command line).
  actor text,
  -- Whom the entry is about when that is not the actor: a token's owner, a grant's user or group.
  subject text,
  -- What was done, dotted: page.save, page.bookmark, request.refused, session.sign-in, token.create, ...
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9.-]{0,63}$'),
  -- The page it concerns, whole or not at all.
  fascia text COLLATE "C",
  country text COLLATE "C",
  page text COLLATE "C",
  source text COLLATE "C",
  platform text COLLATE "C",
  version integer,
  -- How it ended: ok, saved, repeat, conflict, refused, ...
  result text NOT NULL,
  reason text,
  user_agent text,
  client_address text,
  request_id text,
  -- A little more about the action (a refused request's method and path, a token's id); never a document.
  details jsonb CHECK (details IS NULL OR octet_length(details::text) <= 2048),
  CHECK ((fascia IS NULL) = (page IS NULL) AND (page IS NULL) = (country IS NULL)
     AND (page IS NULL) = (source IS NULL) AND (page IS NULL) = (platform IS NULL))
);

-- The filters of GET /audit and `audit` (user, page, action, time), each newest first; audit_log_at also
-- serves the retention sweep (oldest rows by time).
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor, at DESC) WHERE actor IS NOT NULL;
CREATE INDEX audit_log_subject ON audit_log (subject, at DESC) WHERE subject IS NOT NULL;
CREATE INDEX audit_log_page ON audit_log (page, fascia, country, at DESC) WHERE page IS NOT NULL;
CREATE INDEX audit_log_action ON audit_log (action, at DESC);

-- UPDATE and TRUNCATE are always refused; DELETE only of rows older than the cutoff sweep_audit_log set for
-- its own statement, and never of a row younger than 90 days (issue 22: retention is at least 90 days), even
-- with that setting forged. The cutoff is a transaction-local setting, so this guards against mistakes (code,
-- a person at psql), not against the table's owner, who can drop the trigger: see the README.
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('studio.audit_sweep_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> '' AND OLD.at < cutoff::timestamptz
     AND OLD.at < now() - interval '90 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % is allowed only to the retention sweep, for rows past retention', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

-- Removes at most batch_size rows older than `retention`, oldest first, and answers how many it removed. The
-- server calls it until it removes fewer than batch_size, each call its own short transaction, so the sweep
-- never holds many row locks or a long transaction.
CREATE FUNCTION sweep_audit_log(retention interval, batch_size integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz := now() - retention;
  removed integer;
BEGIN
  IF retention < interval '90 days' THEN
    RAISE EXCEPTION 'audit retention must be at least 90 days, not %', retention;
  END IF;
  PERFORM set_config('studio.audit_sweep_before', cutoff::text, true);
  DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < cutoff ORDER BY at LIMIT batch_size);
  GET DIAGNOSTICS removed = ROW_COUNT;
  -- Later statements of the same transaction delete nothing more.
  PERFORM set_config('studio.audit_sweep_before', '', true);
  RETURN removed;
END
$$;
