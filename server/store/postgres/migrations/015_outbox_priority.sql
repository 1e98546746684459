-- Priorities in the outbox: a sender takes the most urgent due message first, so that a flood of notices strangers can
-- cause (DSA receipts, the shop's notifications) delays no customer's order confirmation or password reset. Rows from
-- before read as normal (1). A message the shop decided not to send (its recipient over the per-recipient limit) is
-- kept as 'suppressed', for the mail log.
ALTER TABLE outbox ADD COLUMN priority smallint NOT NULL DEFAULT 1 CHECK (priority BETWEEN 0 AND 2);
ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'retrying', 'failed', 'suppressed'));
-- The senders' question now: what is due, most urgent first, then oldest.
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (priority DESC, id) WHERE status IN ('queued', 'retrying');
