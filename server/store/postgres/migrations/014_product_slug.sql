-- A product page is found by its slug without the catalog loaded (CatalogStore.productBySlug).
CREATE INDEX products_slug ON products ((data->>'slug'));
