-- For the admin panel: pages can be trashed and restored, and chosen pages are listed in the header navigation
-- in the editor's order; uploaded media.
ALTER TABLE pages DROP CONSTRAINT pages_status_check;
ALTER TABLE pages ADD CONSTRAINT pages_status_check CHECK (status IN ('publish', 'draft', 'trash'));
ALTER TABLE pages ADD COLUMN show_in_menu boolean NOT NULL DEFAULT false;
ALTER TABLE pages ADD COLUMN menu_order integer NOT NULL DEFAULT 0;

-- Uploaded images, bytes included, so that every instance serves the same files without a shared folder.
CREATE TABLE media (
  id serial PRIMARY KEY,
  filename text NOT NULL,
  title text NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  size integer NOT NULL,
  author_id integer NOT NULL,
  created_at timestamptz NOT NULL,
  bytes bytea NOT NULL
);
