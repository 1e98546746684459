/**
 * The catalog as shoppers see it: published products only. WooCommerce's `draft`, `pending` and `private`
 * products are the shop manager's business; they never reach the filter, the widget, the public search, product or
 * category pages. This is the one seam: the facet service and the product search index are built from
 * {@link publicCatalog} and follow the store's edits through {@link publicEdit}, so a product edited from publish to
 * draft leaves both indexes on the next request, and comes back when it is published again. The view also folds a
 * category tree deeper than the catalog's limit (catalog-limits.ts), so no stored tree can make a walk over it fail.
 */
import type { CatalogEdit } from '../store/store.js';
import { boundedCategories } from './category-tree.js';
import type { CatalogData, Category, Product } from './model.js';

export { PRODUCT_STATUSES } from '../../client/api/woocommerce.js';

/**
 * Whether shoppers may see the product: its status is `publish` (absent means published, as stored before statuses).
 */
export function isPublished(product: Pick<Product, 'status'>): boolean {
  return (product.status ?? 'publish') === 'publish';
}

/** The published products of each products array: the array itself when every product is published (no copy). */
const publishedOf = new WeakMap<readonly Product[], readonly Product[]>();

export function publishedProducts(products: readonly Product[]): readonly Product[] {
  let published = publishedOf.get(products);
  if (!published) {
    published = products.every(isPublished) ? products : products.filter(isPublished);
    publishedOf.set(products, published);
  }
  return published;
}

/**
 * The catalog with its unpublished products left out; categories and attributes are the catalog's own, so the
 * widget's taxonomy does not change when a product is drafted, except that no category hangs deeper than the
 * catalog's limit (a tree stored 5,000 levels deep before the limit existed is folded at the last level).
 */
export function publicCatalog(catalog: CatalogData): CatalogData {
  const products = publishedProducts(catalog.products);
  const categories = boundedCategories(catalog.categories);
  return products === catalog.products && categories === catalog.categories
    ? catalog
    : { ...catalog, categories: categories as Category[], products: products as Product[] };
}

/**
 * A store edit as an edit of the public view: an upserted product that is not published is removed from the view
 * instead (an index that never held it ignores the removal), so an index built from {@link publicCatalog} stays equal
 * to one built afresh from the edited catalog's public view.
 */
export function publicEdit(edit: CatalogEdit): CatalogEdit {
  const categories = edit.categories && (boundedCategories(edit.categories) as Category[]);
  const withCategories = categories === edit.categories ? edit : { ...edit, categories };
  if (edit.upsert.every(isPublished)) return withCategories;
  const hidden = edit.upsert.filter((product) => !isPublished(product)).map((product) => product.id);
  return { ...withCategories, upsert: edit.upsert.filter(isPublished), remove: [...edit.remove, ...hidden] };
}
