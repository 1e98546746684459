-- Documents a message carries, by reference ([{"invoice_key": "order:42:VAT"}]): the sender renders each when it sends
-- the message, so the outbox holds no file. Messages from before carry none.
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';

-- The customer asked for a VAT invoice at checkout ("I want an invoice"): a consumer's order then gets one as a company
-- order does. Orders from before did not ask.
ALTER TABLE orders ADD COLUMN invoice_requested boolean NOT NULL DEFAULT false;
