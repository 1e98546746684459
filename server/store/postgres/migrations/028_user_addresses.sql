-- A customer's saved billing and delivery addresses ({billing, shipping}, each an address or null), offered at the next
-- checkout; null until they save some.
ALTER TABLE users ADD COLUMN addresses jsonb;
