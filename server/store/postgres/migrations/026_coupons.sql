-- Discount coupons (coupons-store.ts) and the coupons each order used. A code is unique in lower case, as WooCommerce
-- matches it. Placing an order locks the rows of its coupons (FOR UPDATE) in its transaction, checks their limits and
-- counts the use, so that the last use of a coupon goes to exactly one order.
CREATE TABLE coupons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code = lower(code) AND code <> ''),
  discount_type text NOT NULL CHECK (discount_type IN ('percent', 'fixed_cart', 'fixed_product')),
  amount integer NOT NULL CHECK (amount >= 0),
  description text NOT NULL DEFAULT '',
  date_expires timestamptz,
  minimum_amount integer NOT NULL DEFAULT 0,
  maximum_amount integer NOT NULL DEFAULT 0,
  usage_limit integer,
  usage_limit_per_user integer,
  usage_count integer NOT NULL DEFAULT 0,
  used_by jsonb NOT NULL DEFAULT '[]',
  product_ids jsonb NOT NULL DEFAULT '[]',
  excluded_product_ids jsonb NOT NULL DEFAULT '[]',
  product_categories jsonb NOT NULL DEFAULT '[]',
  excluded_product_categories jsonb NOT NULL DEFAULT '[]',
  exclude_sale_items boolean NOT NULL DEFAULT false,
  free_shipping boolean NOT NULL DEFAULT false,
  individual_use boolean NOT NULL DEFAULT false,
  email_restrictions jsonb NOT NULL DEFAULT '[]',
  advertised boolean NOT NULL DEFAULT false,
  date_created timestamptz NOT NULL,
  date_modified timestamptz NOT NULL
);
CREATE UNIQUE INDEX coupons_code ON coupons (code);

ALTER TABLE orders ADD COLUMN coupon_lines jsonb NOT NULL DEFAULT '[]';
