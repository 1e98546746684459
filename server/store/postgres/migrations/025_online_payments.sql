-- Orders paid online through a provider (Stripe, Przelewy24) beside a bank transfer and cash on delivery.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('bank_transfer', 'cash_on_delivery', 'stripe', 'przelewy24'));
