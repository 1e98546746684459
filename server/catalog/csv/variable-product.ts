/**
 * A variable product's own fields follow from its variations: its terms are theirs (so product-level facets and
 * search see them), its price is the cheapest buyable variation's (the "from" price), it is in stock when one of them
 * is.
 */
import { buyableVariations, type Product } from '../model.js';
import { stockStatus } from '../stock-keeping.js';

/** Derives a variable product's terms, price and stock from its variations, in place. Idempotent. */
export function finishVariableProduct(product: Product): void {
  const variations = product.variations ?? [];
  const attributes: Record<string, string[]> = {};
  for (const [name, terms] of Object.entries(product.attributes)) attributes[name] = [...terms];
  for (const variation of variations) {
    for (const [name, term] of Object.entries(variation.attributes)) {
      const terms = (attributes[name] ??= []);
      if (!terms.includes(term)) terms.push(term);
    }
  }
  product.attributes = attributes;
  // The "from" price is the cheapest option a shopper can buy (model.ts's buyableVariations).
  const cheapest = buyableVariations(product).reduce<(typeof variations)[number] | null>(
    (best, variation) =>
      best === null || (variation.sale_price ?? variation.regular_price) < (best.sale_price ?? best.regular_price)
        ? variation
        : best,
    null,
  );
  product.regular_price = cheapest?.regular_price ?? 0;
  product.sale_price = cheapest?.sale_price ?? null;
  product.date_on_sale_from = null;
  product.date_on_sale_to = null;
  product.in_stock = variations.some((variation) => stockStatus(variation) !== 'outofstock');
  product.stock_quantity = variations.reduce((total, variation) => total + Math.max(0, variation.stock_quantity), 0);
}
