/**
 * Quick edit of one product's prices, sale dates and stock in a modal: a simple product's own, or each variation's
 * of a variable product. Save sends one PUT per changed item; an item the server refuses keeps its typed values and
 * shows the reasons beside its fields, while the items it accepted are saved.
 */
import { Button, Modal, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { WcPriced, WcProduct, WcVariation } from '../../api/woocommerce.js';
import { getProduct, listVariations, pricedItemPath, updatePricedItem } from '../data/products-api.js';
import { errorMessage, toRestRequestError } from '../data/rest-error.js';
import { changedBody, draftOf, problemsByField, type PriceStockDraft } from './price-stock-draft.js';
import { PriceStockFields } from './price-stock-fields.js';

interface EditedItem {
  /** The REST path of the item. */
  path: string;
  title: string;
  saved: PriceStockDraft;
  draft: PriceStockDraft;
  errors: Partial<Record<keyof PriceStockDraft, string>>;
  /** Problems of the item that belong to no field (an unknown id, a server error). */
  notice: string | null;
}

const itemOf = (path: string, title: string, priced: WcPriced): EditedItem => {
  const saved = draftOf(priced);
  return { path, title, saved, draft: saved, errors: {}, notice: null };
};

const variationTitle = (variation: WcVariation) =>
  [
    variation.attributes.map((attribute) => `${attribute.name}: ${attribute.option}`).join(', ') || __('Any'),
    variation.sku && `(${variation.sku})`,
  ]
    .filter(Boolean)
    .join(' ');

async function loadItems(id: number): Promise<{ product: WcProduct; items: EditedItem[] }> {
  const product = await getProduct(id);
  if (product.type !== 'variable') return { product, items: [itemOf(pricedItemPath(id), product.name, product)] };
  const variations = await listVariations(id);
  return {
    product,
    items: variations.map((variation) =>
      itemOf(pricedItemPath(id, variation.id), variationTitle(variation), variation),
    ),
  };
}

export function QuickEditModal({
  productId,
  onClose,
  onSaved,
}: {
  productId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [product, setProduct] = useState<WcProduct | null>(null);
  const [items, setItems] = useState<EditedItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    loadItems(productId).then(
      ({ product: loaded, items: loadedItems }) => {
        setProduct(loaded);
        setItems(loadedItems);
      },
      (error) => setLoadError(errorMessage(error)),
    );
  }, [productId]);

  const update = (index: number, change: Partial<EditedItem>) =>
    setItems((current) => current?.map((item, at) => (at === index ? { ...item, ...change } : item)) ?? null);

  async function save() {
    if (!items) return;
    setSaving(true);
    setResult(null);
    let saved = 0;
    let refused = 0;
    const next = [...items];
    for (const [index, item] of items.entries()) {
      const body = changedBody(item.saved, item.draft);
      if (!body) continue;
      try {
        const answer = await updatePricedItem(item.path, body);
        next[index] = { ...item, saved: draftOf(answer), draft: draftOf(answer), errors: {}, notice: null };
        saved++;
      } catch (caught) {
        const error = toRestRequestError(caught);
        const { fields, other } = problemsByField(error.fields);
        next[index] = {
          ...item,
          errors: fields,
          notice: other.join(' ') || (Object.keys(fields).length ? null : error.message),
        };
        refused++;
      }
    }
    setItems(next);
    setSaving(false);
    if (saved) onSaved();
    if (refused)
      setResult({ status: 'error', text: sprintf(__('%d not saved: see the reasons beside the fields.'), refused) });
    else setResult({ status: 'success', text: saved ? __('Saved.') : __('Nothing changed.') });
  }

  const title = product ? sprintf(__('Quick edit: %s'), product.name) : __('Quick edit');
  return (
    <Modal title={title} onRequestClose={onClose} className="vitrine-quick-edit" size="large">
      {loadError && (
        <Notice status="error" isDismissible={false}>
          {loadError}
        </Notice>
      )}
      {!items && !loadError && <Spinner />}
      {items && items.length === 0 && <p>{__('This variable product has no variations yet.')}</p>}
      {items && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {items.map((item, index) => {
            const content = (
              <>
                {item.notice && (
                  <Notice status="error" isDismissible={false}>
                    {item.notice}
                  </Notice>
                )}
                <PriceStockFields
                  idPrefix={`quick-edit-${index}`}
                  draft={item.draft}
                  errors={item.errors}
                  onChange={(draft) => update(index, { draft })}
                />
              </>
            );
            // A variable product's variations each get a group named after their attributes.
            return product?.type === 'variable' ? (
              <fieldset key={item.path} className="vitrine-quick-edit__variation">
                <legend>{item.title}</legend>
                {content}
              </fieldset>
            ) : (
              <div key={item.path}>{content}</div>
            );
          })}
          <div role="status" className="vitrine-quick-edit__result">
            {result && (
              <Notice status={result.status} isDismissible={false}>
                {result.text}
              </Notice>
            )}
          </div>
          <div className="vitrine-quick-edit__buttons">
            <Button variant="tertiary" onClick={onClose}>
              {__('Close')}
            </Button>
            <Button variant="primary" type="submit" isBusy={saving} disabled={saving} accessibleWhenDisabled>
              {__('Save')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
