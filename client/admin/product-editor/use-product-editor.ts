/**
 * The open product edit: the product and its variations read through wc/v3, the form and variations as typed,
 * whether they differ from what was last saved (the leave guard asks then), the reasons of a refused save per field
 * and per variation, and saving. A new product (id null) gets its address once its first save gives it an id.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { WcProduct } from '../../api/woocommerce.js';
import { getProduct, listVariations } from '../data/products-api.js';
import { errorMessage, toRestRequestError } from '../data/rest-error.js';
import { screenPath } from '../shell/admin-screens.js';
import type { FieldErrors } from './field-error.js';
import { formOf, type ProductForm } from './product-form.js';
import { saveProduct } from './save-product.js';
import { generateVariations, MAX_VARIATIONS, variationDraftOf, type VariationDraft } from './variation-drafts.js';

export type Notice = { status: 'success' | 'error' | 'info'; text: string };

/** The form of a saved product, keeping the "used for variations" marks of attributes no variation uses yet. */
function formAfterSave(product: WcProduct, typed: ProductForm): ProductForm {
  const form = formOf(product);
  const marked = new Set(
    typed.attributes.filter((attribute) => attribute.variation).map((attribute) => attribute.name.trim().toLowerCase()),
  );
  const attributes = form.attributes.map((attribute) => ({
    ...attribute,
    variation: attribute.variation || marked.has(attribute.name.toLowerCase()),
  }));
  return { ...form, attributes };
}

const byKey = (variations: VariationDraft[]) =>
  Object.fromEntries(variations.map((variation) => [variation.key, variation]));

export function useProductEditor(initialId: number | null) {
  const [id, setId] = useState(initialId);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(initialId === null);
  const [product, setProduct] = useState<WcProduct | null>(null);
  const [saved, setSaved] = useState<ProductForm>(() => formOf(null));
  const [form, setForm] = useState<ProductForm>(saved);
  const [variations, setVariations] = useState<VariationDraft[]>([]);
  const [savedVariations, setSavedVariations] = useState<Record<string, VariationDraft>>({});
  const [removed, setRemoved] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [variationErrors, setVariationErrors] = useState<Record<string, FieldErrors>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const newKeys = useRef(0);

  useEffect(() => {
    if (initialId === null) return;
    let current = true;
    (async () => {
      const stored = await getProduct(initialId);
      const storedVariations =
        stored.type === 'variable' ? (await listVariations(initialId)).map(variationDraftOf) : [];
      if (!current) return;
      const storedForm = formOf(stored);
      setProduct(stored);
      setSaved(storedForm);
      setForm(storedForm);
      setVariations(storedVariations);
      setSavedVariations(byKey(storedVariations));
      setLoaded(true);
    })().catch((caught: unknown) => {
      if (!current) return;
      const error = toRestRequestError(caught);
      setLoadError(
        error.status === 404 ? __('This product does not exist. It may have been deleted.') : errorMessage(caught),
      );
    });
    return () => {
      current = false;
    };
  }, [initialId]);

  const variationsDirty =
    removed.length > 0 ||
    variations.some((variation) => JSON.stringify(variation) !== JSON.stringify(savedVariations[variation.key]));
  const dirty = loaded && (JSON.stringify(form) !== JSON.stringify(saved) || variationsDirty);

  const generate = useCallback(() => {
    const generated = generateVariations(variations, form.attributes, () => `new-${++newKeys.current}`);
    setVariations(generated.variations);
    if (generated.tooMany !== null) {
      setNotice({
        status: 'error',
        text: sprintf(
          __('These terms make %1$d variations; a product may have at most %2$d. Remove some terms first.'),
          generated.tooMany,
          MAX_VARIATIONS,
        ),
      });
    } else if (generated.added === 0) {
      setNotice({ status: 'info', text: __('Every combination of the terms has its variation already.') });
    } else {
      setNotice({
        status: 'info',
        text: sprintf(__('%d variations added: give each a price, then save.'), generated.added),
      });
    }
  }, [variations, form.attributes]);

  const removeVariation = useCallback(
    (key: string) => {
      const variation = variations.find((candidate) => candidate.key === key);
      if (variation?.id != null) setRemoved((current) => [...current, variation.id!]);
      setVariations((current) => current.filter((candidate) => candidate.key !== key));
    },
    [variations],
  );

  const save = async () => {
    setSaving(true);
    setNotice(null);
    const outcome = await saveProduct({
      id,
      saved: id === null ? null : saved,
      form,
      variations,
      savedVariations,
      removed,
    });
    setSaving(false);
    setErrors(outcome.productErrors);
    setVariationErrors(outcome.variationErrors);
    setRemoved(outcome.removed);
    setVariations(outcome.variations);
    setSavedVariations(outcome.savedVariations);
    if (outcome.product) {
      const next = formAfterSave(outcome.product, form);
      setProduct(outcome.product);
      setSaved(next);
      setForm(next);
      if (id === null) {
        setId(outcome.product.id);
        // The new product now has an address; replaceState keeps this editor mounted.
        window.history.replaceState(null, '', screenPath('products', outcome.product.id));
      }
    }
    const refused = Object.keys(outcome.productErrors).length + Object.keys(outcome.variationErrors).length;
    if (outcome.message && !refused) setNotice({ status: 'error', text: outcome.message });
    else if (refused)
      setNotice({ status: 'error', text: __('Not everything was saved: see the reasons beside the fields.') });
    else setNotice({ status: 'success', text: __('Product saved.') });
  };

  return {
    id,
    product,
    loaded,
    loadError,
    form,
    setForm,
    variations,
    setVariations,
    generate,
    removeVariation,
    errors,
    variationErrors,
    notice,
    saving,
    dirty,
    save,
  };
}

export type ProductEditorState = ReturnType<typeof useProductEditor>;
