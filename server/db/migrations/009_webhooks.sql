-- Webhooks (issue 24 §3): receivers told of every go-live and rollback, registered from the command line
-- (`webhook add URL --events live,rollback`). Unlike a token, a webhook's secret is kept as it is: the server
-- signs each delivery's body with it, so it must be able to read it back. Only the server's database role
-- reads it; neither `webhook list`, the deliveries route nor the log shows it.

CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url text NOT NULL CHECK (url ~ '^https?://'),
  events text[] NOT NULL CHECK (cardinality(events) > 0 AND events <@ ARRAY['live', 'rollback']),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One delivery per webhook and move, made in the move's transaction together with its job (pg-boss, schema
-- pgboss), whose id it shares. Removing a webhook removes its deliveries and their attempts.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  webhook_id integer NOT NULL REFERENCES webhooks ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('live', 'rollback')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (created_at DESC, id);
CREATE INDEX webhook_deliveries_of_webhook ON webhook_deliveries (webhook_id, created_at DESC);

-- Each attempt's answer: the receiver's HTTP status, or why there was none (refused, timed out, ...).
CREATE TABLE webhook_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
  attempt integer NOT NULL CHECK (attempt > 0),
  status integer CHECK (status BETWEEN 100 AND 599),
  error text,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (delivery_id, attempt),
  CHECK ((status IS NULL) <> (error IS NULL))
);
