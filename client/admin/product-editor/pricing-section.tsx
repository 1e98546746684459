/**
 * Prices, the scheduled sale and stock: a simple product's own (the quick edit's fields), with its SKU. A variable
 * product has only its SKU here; each variation has its prices and stock (variations-section.tsx).
 */
import { __ } from '@wordpress/i18n';
import { problemsByField } from '../products/price-stock-draft.js';
import { PriceStockFields } from '../products/price-stock-fields.js';
import type { SectionProps } from './product-form.js';
import { TextField } from './text-field.js';

export function PricingSection({ form, errors, change }: SectionProps) {
  return (
    <section className="vitrine-product-editor__section" aria-labelledby="product-pricing-heading" id="product-pricing">
      <h2 id="product-pricing-heading">{__('Price and stock')}</h2>
      <div className="vitrine-product-editor__fields">
        <TextField
          label={__('SKU')}
          field="sku"
          value={form.sku}
          onChange={(sku) => change({ sku })}
          errors={errors}
          help={__('Stock keeping unit: unique in the shop.')}
        />
      </div>
      {form.type === 'simple' ? (
        <PriceStockFields
          idPrefix="product"
          draft={form.prices}
          errors={problemsByField(errors).fields}
          onChange={(prices) => change({ prices })}
        />
      ) : (
        <p className="vitrine-help">
          {__('A variable product\u2019s prices and stock are those of its variations, below.')}
        </p>
      )}
    </section>
  );
}
