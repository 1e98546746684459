-- The language of a user's admin, as WordPress's user `locale`: '' follows the shop's locale, else en_US or pl_PL.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT '';
