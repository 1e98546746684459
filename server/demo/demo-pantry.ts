/**
 * A small pantry in the demo shop: goods sold by weight and volume, which show their price per unit
 * ("159,96 zł / 1 kg") as the Price Indication Directive 98/6/EC asks, one of them on sale (its unit price follows the
 * sale price) and one with a delivery time of its own. Added after the generated catalog, under Home, with ids after
 * every id it uses, so the 300 generated products stay as they were.
 */
import { SALES_META_KEYS as K } from '../catalog/sales-meta.js';
import { highestItemId, slugify, type CatalogData, type Product } from '../catalog/model.js';
import { FALLBACK_LANGUAGE, type Language } from '../i18n/languages.js';
import { demoWords } from './words/demo-words.js';

interface PantryItem {
  regular_price: number;
  sale_price: number | null;
  meta: Record<string, string>;
}

/** The coffee, the olive oil and the honey, in the order of their words (words/). */
const ITEMS: PantryItem[] = [
  { regular_price: 39.99, sale_price: null, meta: { [K.unitPriceUnit]: 'kg', [K.unitPriceQuantity]: '0.25' } },
  { regular_price: 34.99, sale_price: 29.99, meta: { [K.unitPriceUnit]: 'l', [K.unitPriceQuantity]: '0.5' } },
  { regular_price: 27.5, sale_price: null, meta: { [K.unitPriceUnit]: 'g', [K.unitPriceQuantity]: '400' } },
];

/** The item with a delivery time of its own. */
const OWN_DELIVERY_TIME = 0;

/** @param language the language of the catalog it joins (buildDemoCatalog's) */
export function withDemoPantry(catalog: CatalogData, language: Language = FALLBACK_LANGUAGE): CatalogData {
  const words = demoWords(language);
  const homeSlug = slugify(words.categories.Home);
  const home = catalog.categories.find((category) => category.slug === homeSlug && category.parent === 0);
  const categoryId = Math.max(0, ...catalog.categories.map((category) => category.id)) + 1;
  const firstId = highestItemId(catalog) + 1;
  const products = ITEMS.map(
    (item, index): Product => ({
      id: firstId + index,
      slug: slugify(words.pantry[index]!.title),
      title: words.pantry[index]!.title,
      description: words.pantry[index]!.description,
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
      meta:
        index === OWN_DELIVERY_TIME ? { ...item.meta, [K.deliveryTime]: words.pantryDeliveryTime } : { ...item.meta },
    }),
  );
  return {
    ...catalog,
    categories: [
      ...catalog.categories,
      { id: categoryId, slug: slugify(words.categories.Pantry), name: words.categories.Pantry, parent: home?.id ?? 0 },
    ],
    products: [...catalog.products, ...products],
  };
}
