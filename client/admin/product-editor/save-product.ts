/**
 * Saving the editor's product through wc/v3: the product first (created, or its changes sent), then a variable
 * product's variations one by one (removed ones deleted, new ones created, changed ones updated), as WooCommerce's
 * editor saves them. A refused product stops there with its reasons; a refused variation keeps what was typed and
 * its reasons while the others are saved. The product is read again at the end, as its price, stock and terms follow
 * from its variations.
 */
import { __ } from '@wordpress/i18n';
import type { WcProduct } from '../../api/woocommerce.js';
import {
  createProduct,
  createVariation,
  deleteVariation,
  getProduct,
  updateProduct,
  updateVariation,
} from '../data/products-api.js';
import { toRestRequestError } from '../data/rest-error.js';
import type { FieldErrors } from './field-error.js';
import { productBody, type ProductForm } from './product-form.js';
import { variationBody, variationDraftOf, type VariationDraft } from './variation-drafts.js';

export interface SaveRequest {
  id: number | null;
  /** The form as last saved; null for a product never saved. */
  saved: ProductForm | null;
  form: ProductForm;
  variations: VariationDraft[];
  /** Each stored variation as last saved, by key. */
  savedVariations: Record<string, VariationDraft>;
  /** Ids of stored variations the manager removed. */
  removed: number[];
}

export interface SaveOutcome {
  /** The product as stored now; null when a new one was refused. */
  product: WcProduct | null;
  productErrors: FieldErrors;
  variations: VariationDraft[];
  savedVariations: Record<string, VariationDraft>;
  variationErrors: Record<string, FieldErrors>;
  /** Removed variations whose delete failed, to try again. */
  removed: number[];
  /** What failed beyond a field (the server unreachable, the session ended), or null. */
  message: string | null;
}

/** A failure's field reasons, or its message when it names no field. */
function problemOf(caught: unknown): { fields: FieldErrors; message: string | null } {
  const error = toRestRequestError(caught);
  return Object.keys(error.fields).length
    ? { fields: error.fields, message: null }
    : { fields: {}, message: error.message };
}

async function saveProductItself(request: SaveRequest): Promise<WcProduct> {
  const body = productBody(request.saved, request.form);
  if (request.id === null) return createProduct(body ?? {});
  return body ? updateProduct(request.id, body) : getProduct(request.id);
}

export async function saveProduct(request: SaveRequest): Promise<SaveOutcome> {
  const outcome: SaveOutcome = {
    product: null,
    productErrors: {},
    variations: request.variations,
    savedVariations: { ...request.savedVariations },
    variationErrors: {},
    removed: [],
    message: null,
  };
  let product: WcProduct;
  try {
    product = await saveProductItself(request);
  } catch (caught) {
    const { fields, message } = problemOf(caught);
    return { ...outcome, productErrors: fields, message };
  }
  outcome.product = product;
  // A simple product has no variations (one saved as simple lost them on the server).
  if (product.type !== 'variable') return { ...outcome, variations: [], savedVariations: {} };

  for (const id of request.removed) {
    await deleteVariation(product.id, id).catch((caught: unknown) => {
      outcome.removed.push(id);
      outcome.message = problemOf(caught).message ?? __('A removed variation could not be deleted.');
    });
  }
  const variations: VariationDraft[] = [];
  for (const draft of request.variations) {
    const saved = draft.id === null ? null : (request.savedVariations[draft.key] ?? null);
    const body = variationBody(saved, draft);
    if (!body) {
      variations.push(draft);
      continue;
    }
    try {
      const answer =
        draft.id === null ? await createVariation(product.id, body) : await updateVariation(product.id, draft.id, body);
      // The key stays, so the row keeps its place and focus.
      const stored = { ...variationDraftOf(answer), key: draft.key };
      variations.push(stored);
      outcome.savedVariations[draft.key] = stored;
    } catch (caught) {
      const { fields, message } = problemOf(caught);
      outcome.variationErrors[draft.key] = message ? { ...fields, variation: message } : fields;
      variations.push(draft);
    }
  }
  outcome.variations = variations;
  outcome.product = await getProduct(product.id).catch(() => product);
  return outcome;
}
