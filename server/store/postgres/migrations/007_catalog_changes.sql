-- Edits of single products (the products API, merge imports, stock taken by orders). Each row is the edit
-- that produced one catalog revision, so that other instances apply it instead of loading the whole catalog again.
-- A replace of the whole catalog leaves a gap in the revisions, which tells them to reload. Old rows are pruned.
CREATE TABLE catalog_changes (
  revision bigint PRIMARY KEY,
  edit jsonb NOT NULL
);

-- The highest product or variation id ever used: deleted products' ids are never given again.
ALTER TABLE catalog_meta ADD COLUMN highest_id integer NOT NULL DEFAULT 0;
