-- Issue 11 (admin panel): pages can be trashed and restored, and chosen pages are listed in the header navigation
-- in the editor's order. (Media files, also part of issue 11, are not stored yet: they come with the media screen.)
ALTER TABLE pages DROP CONSTRAINT pages_status_check;
ALTER TABLE pages ADD CONSTRAINT pages_status_check CHECK (status IN ('publish', 'draft', 'trash'));
ALTER TABLE pages ADD COLUMN show_in_menu boolean NOT NULL DEFAULT false;
ALTER TABLE pages ADD COLUMN menu_order integer NOT NULL DEFAULT 0;
