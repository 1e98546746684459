/**
 * A small pantry in the demo shop: goods sold by weight and volume, which show their price per unit
 * ("159,96 zł / 1 kg") as the Price Indication Directive 98/6/EC asks, one of them on sale (its unit price follows the
 * sale price) and one with a delivery time of its own. Added after the generated catalog, under Home, with ids after
 * every id it uses, so the 300 generated products stay as they were.
 */
import { SALES_META_KEYS as K } from '../catalog/sales-meta.js';
import { highestItemId, type CatalogData, type Product } from '../catalog/model.js';

interface PantryItem {
  title: string;
  slug: string;
  description: string;
  regular_price: number;
  sale_price: number | null;
  meta: Record<string, string>;
}

const ITEMS: PantryItem[] = [
  {
    title: 'Single-Origin Coffee Beans',
    slug: 'single-origin-coffee-beans',
    regular_price: 39.99,
    sale_price: null,
    description: 'Whole coffee beans from one farm, roasted the week they ship. A 250 g bag.',
    meta: { [K.unitPriceUnit]: 'kg', [K.unitPriceQuantity]: '0.25', [K.deliveryTime]: '1–2 business days' },
  },
  {
    title: 'Extra Virgin Olive Oil',
    slug: 'extra-virgin-olive-oil',
    regular_price: 34.99,
    sale_price: 29.99,
    description: 'Cold-pressed olive oil in a dark glass bottle. 500 ml.',
    meta: { [K.unitPriceUnit]: 'l', [K.unitPriceQuantity]: '0.5' },
  },
  {
    title: 'Wildflower Honey',
    slug: 'wildflower-honey',
    regular_price: 27.5,
    sale_price: null,
    description: 'Raw honey from meadows in the Bieszczady mountains. A 400 g jar.',
    meta: { [K.unitPriceUnit]: 'g', [K.unitPriceQuantity]: '400' },
  },
];

export function withDemoPantry(catalog: CatalogData): CatalogData {
  const home = catalog.categories.find((category) => category.slug === 'home' && category.parent === 0);
  const categoryId = Math.max(0, ...catalog.categories.map((category) => category.id)) + 1;
  const firstId = highestItemId(catalog) + 1;
  const products = ITEMS.map(
    (item, index): Product => ({
      id: firstId + index,
      slug: item.slug,
      title: item.title,
      description: item.description,
      sku: `VT-P${String(index + 1).padStart(3, '0')}`,
      category_ids: [categoryId],
      brand: 'Maison Écru',
      attributes: { color: [], size: [], material: [] },
      regular_price: item.regular_price,
      sale_price: item.sale_price,
      rating: 4.6,
      rating_count: 12 + index * 7,
      in_stock: true,
      stock_quantity: 40,
      total_sales: 20 + index,
      created_at: '2026-09-01T08:00:00.000Z',
      image: `/media/products/${firstId + index}.svg`,
      meta: item.meta,
    }),
  );
  return {
    ...catalog,
    categories: [...catalog.categories, { id: categoryId, slug: 'pantry', name: 'Pantry', parent: home?.id ?? 0 }],
    products: [...catalog.products, ...products],
  };
}
