-- Webhooks (wc/v3/webhooks) and their deliveries: an outbox of events to POST. A delivery is inserted for every active
-- webhook of the event's topic in one statement; senders claim one row at a time with FOR UPDATE SKIP LOCKED and a
-- lease (claimed_until), as the mail outbox does. Finished deliveries are deleted: the webhook keeps the count of
-- consecutive failures that disables it.
CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'paused', 'disabled')),
  topic text NOT NULL,
  delivery_url text NOT NULL,
  secret text NOT NULL,
  api_version text NOT NULL DEFAULT 'wp_api_v3',
  user_id integer NOT NULL,
  failure_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhooks_topic ON webhooks (topic) WHERE status = 'active';

CREATE TABLE webhook_deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  topic text NOT NULL,
  resource_id integer NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'retrying')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claimed_by text,
  claimed_until timestamptz,
  last_response text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id);

-- REST API keys show when they were last used (the admin's API keys screen); revoking one deletes its row, and its
-- OAuth nonces with it.
ALTER TABLE api_keys ADD COLUMN last_access timestamptz;
