-- Taxes: the shop's tax classes and rates beside its settings (NULL: never changed, read as the seeded Polish rates
-- of tax-defaults.ts).

ALTER TABLE meta ADD COLUMN taxes jsonb;
