-- A customer's request to erase their account ({requested_at, confirmed_at, completed_at}), null until they ask; kept
-- once carried out, as the record of what was done.
ALTER TABLE users ADD COLUMN erasure_request jsonb;
