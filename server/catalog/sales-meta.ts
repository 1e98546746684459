/**
 * Sales information WooCommerce core has no field for, kept in a product's `meta` (so it travels through CSV
 * `Meta: …` columns and `wc/v3`'s `meta_data` unchanged) under the keys of client/api's SALES_META_KEYS:
 * - `delivery_time`: how soon the product ships, as the shop says it ("2-3 working days"); one line of text;
 * - `unit_price_unit` and `unit_price_quantity`: the unit a price per unit is given in (the EU's Price Indication
 *   Directive 98/6/EC: kg, g, l, ml, m, m², piece) and how many of that unit the pack holds (a 500 g bag: `kg`, `0.5`),
 *   from which {@link unitPrice} computes "39,00 zł / 1 kg". They go together: one without the other is refused;
 * - `unit_price_reference`: optional, the quantity of the unit the price is given for ("/ 100 g"); absent, 100 for g
 *   and ml (how shops and the Directive's member states usually show them) and 1 for the others.
 *
 * Checked where the API writes them (wc-product-input.ts); an import carries them as text, as it does other meta.
 */
import { SALES_META_KEYS, UNIT_PRICE_UNITS, type UnitPriceUnit } from '../../client/api/woocommerce.js';

export { SALES_META_KEYS, UNIT_PRICE_UNITS, type UnitPriceUnit };

const MAX_DELIVERY_TIME = 200;
const MAX_QUANTITY = 1_000_000;
const QUANTITY = /^\d+(\.\d+)?$/;

const isUnit = (text: string): text is UnitPriceUnit => (UNIT_PRICE_UNITS as readonly string[]).includes(text);

/** The pack's quantity of its unit, or null when `text` is not a number above 0 written with a dot. */
export function unitQuantityOf(text: string): number | null {
  const trimmed = text.trim();
  if (!QUANTITY.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 && quantity <= MAX_QUANTITY ? quantity : null;
}

/** What is wrong with a value written to one of these keys through the API, or null (good, or another key). */
export function salesMetaProblem(key: string, value: string): string | null {
  if (value.trim() === '') return null;
  if (key === SALES_META_KEYS.deliveryTime && (value.length > MAX_DELIVERY_TIME || /[\r\n]/.test(value))) {
    return `${key} must be one line of at most ${MAX_DELIVERY_TIME} characters, such as "2-3 working days".`;
  }
  if (key === SALES_META_KEYS.unitPriceUnit && !isUnit(value.trim()))
    return `${key} must be one of ${UNIT_PRICE_UNITS.join(', ')}.`;
  if (
    (key === SALES_META_KEYS.unitPriceQuantity || key === SALES_META_KEYS.unitPriceReference) &&
    unitQuantityOf(value) === null
  ) {
    return `${key} must be a number above 0 and at most ${MAX_QUANTITY.toLocaleString('en')}, with a dot before any decimals, such as "0.5".`;
  }
  return null;
}

/** The delivery time to show for a product: its own, or the shop's default; '' when neither says one. */
export function deliveryTimeOf(meta: Record<string, string> | undefined, shopDefault: string): string {
  return meta?.[SALES_META_KEYS.deliveryTime]?.trim() || shopDefault.trim();
}

/** The quantity a unit price is given for when the product names none: per 100 g and 100 ml, per 1 of the others. */
export const defaultReference = (unit: UnitPriceUnit): number => (unit === 'g' || unit === 'ml' ? 100 : 1);

/**
 * The key at fault when a product's meta holds only one of the unit price's two keys, with the reason; null when it
 * holds both or neither.
 */
export function unitPricePairProblem(meta: Record<string, string> | undefined): { key: string; reason: string } | null {
  const unit = meta?.[SALES_META_KEYS.unitPriceUnit]?.trim() ?? '';
  const quantity = meta?.[SALES_META_KEYS.unitPriceQuantity]?.trim() ?? '';
  if (unit !== '' && quantity === '')
    return {
      key: SALES_META_KEYS.unitPriceQuantity,
      reason: `${SALES_META_KEYS.unitPriceQuantity} must be given with ${SALES_META_KEYS.unitPriceUnit}: the quantity of ${unit} in the pack.`,
    };
  if (unit === '' && quantity !== '')
    return {
      key: SALES_META_KEYS.unitPriceUnit,
      reason: `${SALES_META_KEYS.unitPriceUnit} must be given with ${SALES_META_KEYS.unitPriceQuantity}: the unit the pack's quantity is counted in.`,
    };
  return null;
}

export interface UnitPrice {
  /** The price of `reference` units. */
  amount: number;
  unit: UnitPriceUnit;
  reference: number;
}

/**
 * The price per unit (per `reference` units) of a product that costs `price` a pack, or null when its meta gives no
 * (valid) unit price.
 * @example unitPrice(19.5, { unit_price_unit: 'kg', unit_price_quantity: '0.5' }) // { amount: 39, unit: 'kg',
 * reference: 1 }
 * @example unitPrice(9.99, { unit_price_unit: 'g', unit_price_quantity: '250' }) // { amount: 4, unit: 'g', reference:
 * 100 }
 */
export function unitPrice(price: number, meta: Record<string, string> | undefined): UnitPrice | null {
  const unit = meta?.[SALES_META_KEYS.unitPriceUnit]?.trim() ?? '';
  const quantity = unitQuantityOf(meta?.[SALES_META_KEYS.unitPriceQuantity] ?? '');
  if (!isUnit(unit) || quantity === null) return null;
  const reference = unitQuantityOf(meta?.[SALES_META_KEYS.unitPriceReference] ?? '') ?? defaultReference(unit);
  return { amount: Math.round((price / quantity) * reference * 100) / 100, unit, reference };
}
