-- Nonces of OAuth 1.0a requests signed with a WooCommerce API key, kept until their timestamp's 15-minute window
-- closes. The primary key makes "not seen before" and "remember it" one INSERT, so two instances on one database
-- cannot both accept a replayed request.
CREATE TABLE oauth_nonces (
  key_id integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key_id, nonce)
);
CREATE INDEX oauth_nonces_expires_at ON oauth_nonces (expires_at);
