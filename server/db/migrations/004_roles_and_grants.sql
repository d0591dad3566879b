-- Who may change what (issue 22): roles defined beside the built-in ones (core/permissions.ts BUILT_IN_ROLES,
-- which are not stored), grants of a role within a scope to a user or an identity provider's group, and
-- users that are disabled (their tokens are refused).

CREATE TABLE roles (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_-]{0,39}$'),
  actions text[] NOT NULL
    CHECK (cardinality(actions) > 0 AND actions <@ ARRAY['view', 'edit', 'structure', 'scripts', 'bookmark', 'admin']),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE grants (
  -- Shown by `grant list` and taken by `role revoke --id`; not secret.
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A built-in role or one of roles; a grant of a role that no longer exists gives nothing.
  role text NOT NULL,
  grantee_kind text NOT NULL CHECK (grantee_kind IN ('user', 'group')),
  -- A user's lowercased email, or a group's name as the identity provider sends it.
  grantee_name text NOT NULL CHECK (grantee_name <> ''),
  -- Sorted, or just '*': one scope is written one way, so a grant is found again to revoke it.
  fascias text[] NOT NULL CHECK (cardinality(fascias) > 0),
  countries text[] NOT NULL CHECK (cardinality(countries) > 0),
  effect text NOT NULL CHECK (effect IN ('allow', 'deny')),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  UNIQUE (grantee_kind, grantee_name, role, fascias, countries, effect)
);
-- A request loads its user's and groups' grants by this index (the unique constraint's leading columns).

ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- Upgrading keeps working teams working: every user so far could change everything (spec §6).
INSERT INTO grants (role, grantee_kind, grantee_name, fascias, countries, effect, created_by)
SELECT 'admin', 'user', email, ARRAY['*'], ARRAY['*'], 'allow', 'migration 004 (every user was an admin)' FROM users;
