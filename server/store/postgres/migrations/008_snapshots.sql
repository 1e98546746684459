-- Derived data that is costly to make again (the facet index of a large catalog), kept beside the data it
-- was derived from so that an instance starts answering in seconds. A snapshot is stored in parts of a few MB, as
-- one value of hundreds of MB would have to pass through the client as one string. Its bytes carry their own key
-- (the catalog revision they were built from) and checksum; the database only keeps them.
CREATE TABLE snapshots (
  name text NOT NULL,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (name, part)
);
