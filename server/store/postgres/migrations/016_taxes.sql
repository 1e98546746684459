-- Taxes: the shop's tax classes and rates beside its settings (NULL: never changed, read as the seeded Polish rates
-- of tax-defaults.ts).

ALTER TABLE meta ADD COLUMN taxes jsonb;

-- An order's VAT per line, delivery, fee and rate, in grosz, as computed when it was placed (client/api/taxes.ts's
-- OrderTaxes). NULL: placed before taxes were kept; read as the VAT its amounts implied at the standard rate
-- (order-defaults.ts), the same rule as the lowdb store's.
ALTER TABLE orders ADD COLUMN taxes jsonb;
