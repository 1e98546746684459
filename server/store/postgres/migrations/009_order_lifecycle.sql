-- Order statuses as WooCommerce has them, each change kept in the order's history, notes, the payment date, and
-- whether cancelling or refunding already gave the stock back (set once, in the transaction that returns it).
-- Orders placed before this read as their starting status: bank transfer on hold, cash on delivery processing.

ALTER TABLE orders
  ADD COLUMN status text,
  ADD COLUMN customer_note text NOT NULL DEFAULT '',
  ADD COLUMN date_paid timestamptz,
  ADD COLUMN stock_returned boolean NOT NULL DEFAULT false,
  ADD COLUMN history jsonb,
  ADD COLUMN notes jsonb NOT NULL DEFAULT '[]';

UPDATE orders SET status = CASE payment_method WHEN 'bank_transfer' THEN 'on-hold' ELSE 'processing' END;
UPDATE orders SET history = jsonb_build_array(jsonb_build_object(
  'from', NULL, 'to', status, 'by', jsonb_build_object('type', 'customer', 'id', user_id, 'name', 'customer'),
  'at', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));

ALTER TABLE orders
  ALTER COLUMN status SET NOT NULL,
  ALTER COLUMN history SET NOT NULL,
  ADD CONSTRAINT orders_status CHECK (status IN ('pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'));

CREATE INDEX orders_status ON orders (status);
