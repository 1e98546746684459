/**
 * A variable product's variations in the editor: each one's terms, SKU, image, prices and stock as typed; generating
 * the missing ones from the attributes (every combination of their terms, as WooCommerce's "Generate variations"
 * does, keeping those that exist); and the `wc/v3` body that saves one. No I/O: tested in Node.
 */
import type { WcVariation } from '../../api/woocommerce.js';
import { toApiNumber } from '../locale/shop-number.js';
import { changedBody, draftOf, type PriceStockDraft } from '../products/price-stock-draft.js';
import { BLANK_PRICES, type AttributeDraft, type ImageChoice } from './product-form.js';

/** Variations one product may have here: a `wc/v3` page holds 100, and so does the editor. */
export const MAX_VARIATIONS = 100;

export interface VariationDraft {
  /** Stable across edits, for React and for the errors of its save: `v<id>` once stored, `new-<n>` before. */
  key: string;
  /** Null until the first save. */
  id: number | null;
  /** Attribute label -> the one term of this variation, e.g. `{Colour: 'Red', Size: 'M'}`. */
  options: Record<string, string>;
  sku: string;
  image: ImageChoice | null;
  prices: PriceStockDraft;
}

export function variationDraftOf(variation: WcVariation): VariationDraft {
  return {
    key: `v${variation.id}`,
    id: variation.id,
    options: Object.fromEntries(variation.attributes.map((attribute) => [attribute.name, attribute.option])),
    sku: variation.sku,
    image: variation.image ? { src: variation.image.src, alt: variation.image.alt } : null,
    prices: draftOf(variation),
  };
}

/** The attributes variations are made from: marked so, named, with at least one term. */
export function variationAttributes(attributes: readonly AttributeDraft[]): AttributeDraft[] {
  return attributes.filter(
    (attribute) => attribute.variation && attribute.name.trim() !== '' && attribute.options.length > 0,
  );
}

/**
 * Every combination of one term per attribute, in the attributes' and terms' order.
 * @example combinations([{ name: 'Size', options: ['S', 'M'], variation: true }]) // [{ Size: 'S' }, { Size: 'M' }]
 */
export function combinations(attributes: readonly AttributeDraft[]): Record<string, string>[] {
  let result: Record<string, string>[] = [{}];
  for (const attribute of variationAttributes(attributes)) {
    const name = attribute.name.trim();
    result = result.flatMap((partial) => attribute.options.map((option) => ({ ...partial, [name]: option })));
  }
  return result.length === 1 && Object.keys(result[0]!).length === 0 ? [] : result;
}

const fold = (text: string) => text.trim().toLowerCase();

/** Whether a variation has exactly these terms (names and terms compared without case, as the server matches them). */
export function hasOptions(variation: Pick<VariationDraft, 'options'>, options: Record<string, string>): boolean {
  const own = Object.entries(variation.options);
  const wanted = Object.entries(options);
  return (
    own.length === wanted.length &&
    wanted.every(([name, term]) =>
      own.some(([ownName, ownTerm]) => fold(ownName) === fold(name) && fold(ownTerm) === fold(term)),
    )
  );
}

export interface Generated {
  variations: VariationDraft[];
  /** How many were added; 0 when every combination had one. */
  added: number;
  /** Combinations there would be in all, when more than {@link MAX_VARIATIONS}: nothing was added then. */
  tooMany: number | null;
}

/**
 * The variations with one added for each combination of terms that none has, after the existing ones; new ones are
 * unpriced (the manager prices each before saving). `nextKey` numbers the new ones' keys.
 */
export function generateVariations(
  variations: readonly VariationDraft[],
  attributes: readonly AttributeDraft[],
  nextKey: () => string,
): Generated {
  const all = combinations(attributes);
  const missing = all.filter((options) => !variations.some((variation) => hasOptions(variation, options)));
  if (variations.length + missing.length > MAX_VARIATIONS)
    return { variations: [...variations], added: 0, tooMany: variations.length + missing.length };
  const added = missing.map(
    (options): VariationDraft => ({ key: nextKey(), id: null, options, sku: '', image: null, prices: BLANK_PRICES }),
  );
  return { variations: [...variations, ...added], added: added.length, tooMany: null };
}

/** A variation's name from its terms, e.g. `Colour: Red, Size: M`. */
export const variationTitle = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([name, term]) => `${name}: ${term}`)
    .join(', ');

const imageBody = (image: ImageChoice | null) => (image ? { src: image.src, alt: image.alt.trim() } : null);

/**
 * The wc/v3 body that saves a variation: everything for a new one (`saved` null), with its regular price always (an
 * empty one is refused, not stored as free); for a stored one only what changed, or null when nothing did.
 */
export function variationBody(saved: VariationDraft | null, draft: VariationDraft): Record<string, unknown> | null {
  if (!saved) {
    return {
      attributes: Object.entries(draft.options).map(([name, option]) => ({ name, option })),
      ...(draft.sku.trim() ? { sku: draft.sku.trim() } : {}),
      ...changedBody(BLANK_PRICES, draft.prices),
      regular_price: toApiNumber(draft.prices.regular_price),
      ...(draft.prices.manage_stock ? {} : { stock_status: draft.prices.stock_status }),
      ...(draft.image ? { image: imageBody(draft.image) } : {}),
    };
  }
  const body: Record<string, unknown> = { ...changedBody(saved.prices, draft.prices) };
  if (draft.sku.trim() !== saved.sku.trim()) body.sku = draft.sku.trim();
  if (JSON.stringify(imageBody(draft.image)) !== JSON.stringify(imageBody(saved.image)))
    body.image = imageBody(draft.image);
  return Object.keys(body).length ? body : null;
}
