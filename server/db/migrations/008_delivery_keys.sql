-- Delivery keys (issue 24 §3): read-only keys of the delivery route (GET /content/...), separate from editors'
-- API tokens. Like a token, a key is shown once and only its SHA-256 is stored; its name is what `delivery-key
-- list` shows and `delivery-key revoke` takes.

CREATE TABLE delivery_keys (
  name text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  hash bytea NOT NULL UNIQUE CHECK (octet_length(hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The delivery path names no fascia: a request finds its page in every fascia by this index.
CREATE INDEX pages_delivery ON pages (page, country, source, platform) WHERE content_version IS NOT NULL;
