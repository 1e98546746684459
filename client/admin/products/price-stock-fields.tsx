/**
 * The quick edit's fields for one priced item: regular and sale price, sale dates, stock. Each shows the server's
 * reason beside it when the save was refused, tied to the input by aria-describedby so a screen reader reads it.
 * Stock is either tracked (a quantity, and whether to sell on backorder past 0) or not (a status set by hand).
 */
import { CheckboxControl, SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { PriceStockDraft } from './price-stock-draft.js';
import { STOCK_LABELS } from './product-fields.js';

/** WooCommerce's words for a tracked item's backorders. */
const BACKORDER_LABELS: Record<PriceStockDraft['backorders'], string> = {
  no: __('Do not allow'),
  notify: __('Allow, but tell the customer'),
  yes: __('Allow'),
};

interface Props {
  /** Makes the ids of error messages unique when several items share the form. */
  idPrefix: string;
  draft: PriceStockDraft;
  errors: Partial<Record<keyof PriceStockDraft, string>>;
  onChange: (draft: PriceStockDraft) => void;
}

export function PriceStockFields({ idPrefix, draft, errors, onChange }: Props) {
  const set = <K extends keyof PriceStockDraft>(key: K, value: PriceStockDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const errorId = (key: keyof PriceStockDraft) => `${idPrefix}-${key}-error`;
  const invalid = (key: keyof PriceStockDraft) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(key) } : {};
  const error = (key: keyof PriceStockDraft) =>
    errors[key] ? (
      <p id={errorId(key)} className="vitrine-field-error" role="alert">
        {errors[key]}
      </p>
    ) : null;
  // Prices and quantities are typed as text in the shop's format ("129,99"), read by locale/shop-number.ts.
  const text = (
    key: 'regular_price' | 'sale_price' | 'sale_from' | 'sale_to' | 'stock_quantity',
    label: string,
    type: 'text' | 'date',
    help?: string,
    inputMode?: 'decimal' | 'numeric',
  ) => (
    <div className="vitrine-quick-edit__field">
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type={type}
        inputMode={inputMode}
        label={label}
        help={errors[key] ? undefined : help}
        value={draft[key]}
        onChange={(value) => set(key, value)}
        {...invalid(key)}
      />
      {error(key)}
    </div>
  );
  return (
    <div className="vitrine-quick-edit__grid">
      {text('regular_price', __('Regular price'), 'text', undefined, 'decimal')}
      {text(
        'sale_price',
        __('Sale price'),
        'text',
        __(
          'Empty: not on sale. A product put on sale before it was ever sold at its regular price shows the sale price alone, without a crossed-out regular price, until the regular price has been charged: a reduction from a price nobody paid would mislead shoppers (Omnibus rule).',
        ),
        'decimal',
      )}
      {text('sale_from', __('Sale starts'), 'date', __('Empty: at once.'))}
      {text('sale_to', __('Sale ends'), 'date', __('Empty: no end.'))}
      <div className="vitrine-quick-edit__field">
        <CheckboxControl
          __nextHasNoMarginBottom
          label={__('Manage stock')}
          help={__('Count the units in stock. Off: sold while the status says in stock.')}
          checked={draft.manage_stock}
          onChange={(checked) => set('manage_stock', checked)}
        />
        {error('manage_stock')}
      </div>
      {draft.manage_stock ? (
        <>
          {text('stock_quantity', __('Stock quantity'), 'text', undefined, 'numeric')}
          <div className="vitrine-quick-edit__field">
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Backorders')}
              value={draft.backorders}
              options={Object.entries(BACKORDER_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(value) => set('backorders', value as PriceStockDraft['backorders'])}
              {...invalid('backorders')}
            />
            {error('backorders')}
          </div>
        </>
      ) : (
        <div className="vitrine-quick-edit__field">
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Stock status')}
            value={draft.stock_status}
            options={Object.entries(STOCK_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={(value) => set('stock_status', value as PriceStockDraft['stock_status'])}
            {...invalid('stock_status')}
          />
          {error('stock_status')}
        </div>
      )}
    </div>
  );
}
