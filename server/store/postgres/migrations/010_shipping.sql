-- Shipping and payment: the shop's shipping zones beside its settings, and what an order paid for shipping
-- and fees, as WooCommerce's shipping_lines and fee_lines. Orders placed before have none.

ALTER TABLE meta ADD COLUMN shipping_zones jsonb NOT NULL DEFAULT '[]';

ALTER TABLE orders
  ADD COLUMN shipping_lines jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN fee_lines jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN shipping_total numeric(14, 2) NOT NULL DEFAULT 0;
