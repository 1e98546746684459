-- The catalog's own data beyond products.

-- Every change of an item's prices (a simple product's or a variation's), append-only like the consent log.
CREATE TABLE price_history (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id integer NOT NULL,
  product_id integer NOT NULL,
  time timestamptz NOT NULL,
  regular_price double precision NOT NULL,
  sale_price double precision,
  date_on_sale_from timestamptz,
  date_on_sale_to timestamptz
);
CREATE INDEX price_history_item ON price_history (item_id, seq);

CREATE FUNCTION price_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'price_history is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER price_history_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON price_history
  FOR EACH STATEMENT EXECUTE FUNCTION price_history_append_only();

-- WooCommerce REST API keys (`vitrine api-key create`): hashes only, like application passwords.
CREATE TABLE api_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  description text NOT NULL,
  permissions text NOT NULL CHECK (permissions IN ('read', 'write', 'read_write')),
  consumer_key_hash text NOT NULL UNIQUE,
  consumer_secret_hash text NOT NULL,
  truncated_key text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX api_keys_user_id ON api_keys (user_id);
