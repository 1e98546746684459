-- Images fetched by the importer remember their address, so that importing the same file again reuses them; each
-- image's resized WebP copies live beside it and go with it.
ALTER TABLE media ADD COLUMN fetched_from text;
CREATE INDEX media_fetched_from ON media (fetched_from) WHERE fetched_from IS NOT NULL;

CREATE TABLE media_variants (
  media_id integer NOT NULL REFERENCES media (id) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width > 0),
  bytes bytea NOT NULL,
  PRIMARY KEY (media_id, width)
);
