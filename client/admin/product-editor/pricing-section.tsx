/**
 * Prices, the scheduled sale and stock: a simple product's own (the quick edit's fields), with its SKU. A variable
 * product has only its SKU here; each variation has its prices and stock (variations-section.tsx).
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { problemsByField } from '../products/price-stock-draft.js';
import { PriceStockFields } from '../products/price-stock-fields.js';
import { FieldError, invalidProps, type FieldErrors } from './field-error.js';
import type { ProductForm } from './product-form.js';

interface Props {
  form: ProductForm;
  errors: FieldErrors;
  change: (changes: Partial<ProductForm>) => void;
}

export function PricingSection({ form, errors, change }: Props) {
  return (
    <section className="vitrine-product-editor__section" aria-labelledby="product-pricing-heading" id="product-pricing">
      <h2 id="product-pricing-heading">{__('Price and stock')}</h2>
      <div className="vitrine-product-editor__fields">
        <div>
          <TextControl
            __next40pxDefaultSize __nextHasNoMarginBottom label={__('SKU')}
            help={errors.sku ? undefined : __('Stock keeping unit: unique in the shop.')}
            value={form.sku} onChange={(sku) => change({ sku })} {...invalidProps(errors, 'sku')}
          />
          <FieldError errors={errors} field="sku" />
        </div>
      </div>
      {form.type === 'simple' ? (
        <PriceStockFields idPrefix="product" draft={form.prices} errors={problemsByField(errors).fields} onChange={(prices) => change({ prices })} />
      ) : (
        <p className="vitrine-help">{__('A variable product\u2019s prices and stock are those of its variations, below.')}</p>
      )}
    </section>
  );
}
