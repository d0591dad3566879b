-- Users of the team server, their API tokens (stored only as SHA-256 hashes) and who has which page open.
-- Spec §6: every user is an admin, so a user has no role.

CREATE TABLE users (
  email text PRIMARY KEY CHECK (email = lower(email) AND email <> ''),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_tokens (
  -- Shown by `user list` and used by `token revoke`; not secret.
  id text PRIMARY KEY,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  hash bytea NOT NULL UNIQUE CHECK (octet_length(hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_tokens_user_email ON api_tokens (user_email);

-- One row per editor per page open; a row whose last heartbeat is older than 30 s no longer counts and is
-- swept (announcing the close). Kept here, not in a server's memory, so any server process can answer.
CREATE TABLE presence (
  fascia text NOT NULL,
  country text NOT NULL,
  page text NOT NULL,
  source text NOT NULL,
  platform text NOT NULL,
  user_email text NOT NULL REFERENCES users (email) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (fascia, country, page, source, platform, user_email)
);
CREATE INDEX presence_last_seen ON presence (last_seen);
