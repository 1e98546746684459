-- The outbox: e-mail the shop has promised to send, inserted in the same transaction as its cause (a withdrawal, a
-- DSA notice, a registration, a reset request, an order). Senders claim one row at a time with FOR UPDATE SKIP LOCKED
-- and a lease (claimed_until), so two instances never send the same message at once and a crashed sender's claim
-- runs out. message_id is the Message-ID header, the same on every attempt.
CREATE TABLE outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text NOT NULL,
  message_id text NOT NULL UNIQUE,
  redact jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claimed_by text,
  claimed_until timestamptz,
  sent_at timestamptz,
  last_response text,
  updated_at timestamptz NOT NULL
);
-- The senders' question: what is due, oldest first.
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status IN ('queued', 'retrying');
CREATE INDEX outbox_sending ON outbox (claimed_until) WHERE status = 'sending';

-- Forgotten passwords: the link's token is kept only as its SHA-256.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_id ON password_resets (user_id);
