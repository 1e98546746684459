-- The storefront language an order was placed in, which its e-mails are written in; '' for the orders placed before
-- (their e-mails are written in the shop's language), as the data folder reads them.
ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT '';
