-- Withdrawals as managers process them. The day the goods came back and the refund made, each a calendar
-- day in the shop's time zone (a date, not an instant: that is what the law's deadline counts in). The refund keeps
-- its amount, scope, lines and who recorded it as one JSON object, written once: a settled withdrawal changes no more.
-- (009-012 hold the order lifecycle, shipping, the outbox and OAuth nonces.)
ALTER TABLE withdrawals
  ADD COLUMN goods_received_on date,
  ADD COLUMN refund jsonb CHECK (refund IS NULL OR (jsonb_typeof(refund) = 'object' AND (refund ->> 'amount')::numeric > 0));
