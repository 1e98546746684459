/**
 * A hand-made catalog of three products whose ratings, stock and prices are known, so that storefront tests can say
 * exactly what a shopper must see on the shop, the product page and in search.
 */
import type { CatalogData, Product } from '../../../server/catalog/model.js';
import type { Store } from '../../../server/store/store.js';

function product(id: number, title: string, extra: Partial<Product>): Product {
  return {
    id,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    description: `${title}, described.`,
    sku: `SKU-${id}`,
    category_ids: [1],
    brand: 'Acme',
    attributes: { color: ['Red'], size: ['M'] },
    regular_price: 100,
    sale_price: null,
    rating: 0,
    rating_count: 0,
    in_stock: true,
    stock_quantity: 50,
    total_sales: 100 - id,
    created_at: '2026-01-01T00:00:00.000Z',
    image: '/media/products/1.svg',
    ...extra,
  };
}

export const SMALL_CATALOG: CatalogData = {
  categories: [{ id: 1, slug: 'knitwear', name: 'Knitwear', parent: 0 }],
  attributes: [
    { name: 'color', label: 'Colour' },
    { name: 'size', label: 'Size' },
  ],
  products: [
    product(1, 'Rated Scarf', { rating: 4.5, rating_count: 12, stock_quantity: 3 }),
    product(2, 'Sold Out Hat', { in_stock: false, stock_quantity: 0, rating: 3, rating_count: 1 }),
    product(3, 'Plenty Gloves', { stock_quantity: 40 }),
  ],
};

export async function useSmallCatalog(store: Store): Promise<void> {
  const { products, ...meta } = structuredClone(SMALL_CATALOG);
  await store.catalog.replace(meta, products);
}

/** The text a shopper reads: tags dropped, screen-reader-only spans kept (they are read aloud), spaces squeezed. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
