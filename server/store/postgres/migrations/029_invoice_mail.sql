-- Documents a message carries, by reference ([{"invoice_key": "order:42:VAT"}]): the sender renders each when it sends
-- the message, so the outbox holds no file. Messages from before carry none.
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
