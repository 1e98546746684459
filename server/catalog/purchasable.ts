/**
 * What a shopper puts in the cart: a simple product, or one variation of a variable product (a variable product itself
 * cannot be bought). Cart and order lines name one by `product_id` and, for a variation, `variation_id`; products and
 * variations share one id space, so either id alone also finds it.
 */
import { productById, variationById } from '../store/catalog-lookup.js';
import { itemPrice, variationsOf, type Product, type Variation } from './model.js';
import { isPublished } from './public-catalog.js';
import { sellableUnits } from './stock-keeping.js';

export interface Purchasable {
  product: Product;
  variation: Variation | null;
  /** The variation's id, or the simple product's: what a cart line is known by. */
  itemId: number;
  /** "Tee – Size: S" for a variation, the product's title otherwise. */
  title: string;
  sku: string;
}

/** Most units of one item in one cart: a typo of 1000 should not become an order. */
export const MAX_LINE_QUANTITY = 99;

/** The attribute labels of the catalog, by attribute name, to name a variation's terms. */
export type AttributeLabels = ReadonlyMap<string, string>;

/** "Size: S, Colour: Red" (empty for a variation that is any of every attribute). */
export function variationTerms(variation: Variation, labels?: AttributeLabels): string {
  return Object.entries(variation.attributes)
    .map(([name, term]) => `${labels?.get(name) ?? name}: ${term}`)
    .join(', ');
}

export function variationTitle(product: Product, variation: Variation, labels?: AttributeLabels): string {
  const terms = variationTerms(variation, labels);
  return terms ? `${product.title} – ${terms}` : product.title;
}

function purchasable(product: Product, variation: Variation | null, labels?: AttributeLabels): Purchasable {
  return variation
    ? {
        product,
        variation,
        itemId: variation.id,
        title: variationTitle(product, variation, labels),
        sku: variation.sku || product.sku,
      }
    : { product, variation: null, itemId: product.id, title: product.title, sku: product.sku };
}

/**
 * A simple product by its id or a variation by its id; undefined for a variable product itself, an unknown id, or a
 * product that is not published (only published products are sold: a draft cannot be bought, and leaves the carts
 * that held it).
 */
export function purchasableById(
  products: readonly Product[],
  itemId: number,
  labels?: AttributeLabels,
): Purchasable | undefined {
  if (!Number.isSafeInteger(itemId)) return undefined;
  const product = productById(products, itemId);
  if (product) return isPublished(product) ? simplePurchasable(product, labels) : undefined;
  const found = variationById(products, itemId);
  return found && found.product.type === 'variable' && isPublished(found.product)
    ? purchasable(found.product, found.variation, labels)
    : undefined;
}

/** A product bought as itself (simple, no variations), or undefined when a variation must be chosen. */
export function simplePurchasable(product: Product, labels?: AttributeLabels): Purchasable | undefined {
  return variationsOf(product).length > 0 || product.type === 'variable'
    ? undefined
    : purchasable(product, null, labels);
}

/** Whether the product is sold through a choice of variations (its card links to its page instead of adding it). */
export function needsChoice(product: Product): boolean {
  return product.type === 'variable';
}

/** How many units of the item can be sold now. */
export function available(item: Purchasable): number {
  return sellableUnits(item.variation ?? item.product, MAX_LINE_QUANTITY);
}

export function unitPrice(item: Purchasable, now?: number): number {
  return itemPrice(item.variation ?? item.product, now);
}

/** The catalog's attribute labels by name (`color` -> `Colour`). */
export function attributeLabels(attributes: readonly { name: string; label: string }[]): AttributeLabels {
  return new Map(attributes.map((attribute) => [attribute.name, attribute.label]));
}
