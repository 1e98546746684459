-- Refunds of an order (money paid back, its lines, delivery and fees, VAT per rate; a withdrawal's refund among them)
-- belong to the order and are read and written with it, in the same transaction as its status and stock.
ALTER TABLE orders ADD COLUMN refunds jsonb NOT NULL DEFAULT '[]';
