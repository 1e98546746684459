-- Each kept edit also holds the products it replaced or removed, as they were before it: with them, derived data of
-- an older catalog revision (the facet index snapshot) is brought up to date at start from the edits since, without
-- reading the whole catalog. Rows kept from before this column are null, and derived data that old is made again.
ALTER TABLE catalog_changes ADD COLUMN before jsonb;
