/**
 * What a line of a cart, an order, a withdrawal or a refund is known by. Each keeps the product and, for a variable
 * product, the variation; lines are matched across them by this one id.
 */
import type { CartLine } from '../store/schema.js';

/** The item a line is known by: its variation, or its simple product. */
export function lineItemId(line: Pick<CartLine, 'product_id' | 'variation_id'>): number {
  return line.variation_id ?? line.product_id;
}
