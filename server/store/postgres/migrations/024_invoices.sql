-- VAT invoices and corrections. Issuing takes the period's counter row FOR UPDATE, so that two instances issuing in one
-- period take turns and the numbers run 1, 2, 3 ... without gaps: the counter is raised in the same transaction that
-- inserts the invoice, and a failed build rolls both back. `key` makes issuing idempotent (`order:42:VAT`).
CREATE TABLE invoice_counters (
  period text PRIMARY KEY,
  last_sequence integer NOT NULL
);

-- The document is the model (client/api/invoices.ts) without its id and its KSeF record, which changes as it is sent
-- and is kept apart with the columns the KSeF outbox is claimed by (FOR UPDATE SKIP LOCKED and a lease, as mail's).
CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL UNIQUE,
  period text NOT NULL,
  sequence integer NOT NULL,
  number text NOT NULL,
  type text NOT NULL CHECK (type IN ('VAT', 'KOR')),
  order_id integer NOT NULL,
  issued_at timestamptz NOT NULL,
  document jsonb NOT NULL,
  xml text NOT NULL,
  ksef jsonb NOT NULL,
  ksef_status text NOT NULL,
  ksef_next_attempt_at timestamptz,
  claimed_by text,
  claimed_until timestamptz,
  UNIQUE (period, sequence)
);
CREATE INDEX invoices_order ON invoices (order_id);
CREATE INDEX invoices_issued_at ON invoices (issued_at);
CREATE INDEX invoices_ksef_due ON invoices (id) WHERE ksef_status IN ('queued', 'offline');
