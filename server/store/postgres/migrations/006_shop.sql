-- The storefront's records: carts, orders, contact messages and withdrawals, and the consent log's proof columns.
-- (003-005 are taken by the catalog, DSA notices and admin media.)

ALTER TABLE consent_log ADD COLUMN label_hash text, ADD COLUMN reference text;

CREATE TABLE carts (
  token_hash text PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  lines jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX carts_user_id ON carts (user_id);

-- No foreign key from an order to its user: an order is a record of a sale and outlives the account.
CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL UNIQUE,
  user_id integer,
  email text NOT NULL,
  billing jsonb NOT NULL,
  company_tax_id text NOT NULL,
  payment_method text NOT NULL CHECK (payment_method IN ('bank_transfer', 'cash_on_delivery')),
  currency text NOT NULL,
  lines jsonb NOT NULL,
  subtotal numeric(14, 2) NOT NULL,
  total numeric(14, 2) NOT NULL,
  consent jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX orders_user_id ON orders (user_id);

CREATE TABLE contact_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  user_id integer,
  created_at timestamptz NOT NULL
);

CREATE TABLE withdrawals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  order_id integer NOT NULL REFERENCES orders (id),
  order_number text NOT NULL,
  email text NOT NULL,
  items jsonb NOT NULL,
  reason text NOT NULL,
  user_id integer,
  received_at timestamptz NOT NULL
);
