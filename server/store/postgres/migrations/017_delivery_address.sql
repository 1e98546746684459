-- A separate delivery address (WooCommerce's `shipping`), when the customer gave one; NULL: the goods go to the
-- billing address, as for every order placed before. A company buyer's name travels inside `billing` (its `company`).
ALTER TABLE orders ADD COLUMN shipping_address jsonb;
