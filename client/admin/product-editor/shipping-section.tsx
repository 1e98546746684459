/**
 * Shipping and the price per unit: weight (kg) and dimensions (cm) in WooCommerce's fields, the delivery time, and
 * the unit a price per unit is given in with the quantity of it in the pack (meta_data keys: docs/wc-v3.md).
 */
import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { UNIT_PRICE_UNITS, type UnitPriceUnit } from '../../api/woocommerce.js';
import { FieldError, invalidProps } from './field-error.js';
import type { ProductForm, SectionProps } from './product-form.js';
import { TextField } from './text-field.js';

const UNIT_LABELS: Record<UnitPriceUnit, string> = {
  kg: __('Kilogram (kg)'),
  g: __('Gram (g)'),
  l: __('Litre (l)'),
  ml: __('Millilitre (ml)'),
  m: __('Metre (m)'),
  m2: __('Square metre (m\u00b2)'),
  piece: __('Piece'),
};

export function ShippingSection({ form, errors, change }: SectionProps) {
  const perUnit =
    form.unit === '' ? '' : form.unit === 'm2' ? 'm\u00b2' : form.unit === 'piece' ? __('piece') : form.unit;
  return (
    <section
      className="vitrine-product-editor__section"
      aria-labelledby="product-shipping-heading"
      id="product-shipping"
    >
      <h2 id="product-shipping-heading">{__('Shipping and unit price')}</h2>
      <div className="vitrine-product-editor__fields">
        <TextField
          inputMode="decimal"
          label={__('Weight (kg)')}
          field="weight"
          value={form.weight}
          errors={errors}
          onChange={(weight) => change({ weight })}
        />
        <TextField
          inputMode="decimal"
          label={__('Length (cm)')}
          field="dimensions.length"
          value={form.length}
          errors={errors}
          onChange={(length) => change({ length })}
        />
        <TextField
          inputMode="decimal"
          label={__('Width (cm)')}
          field="dimensions.width"
          value={form.width}
          errors={errors}
          onChange={(width) => change({ width })}
        />
        <TextField
          inputMode="decimal"
          label={__('Height (cm)')}
          field="dimensions.height"
          value={form.height}
          errors={errors}
          onChange={(height) => change({ height })}
        />
        <TextField
          label={__('Delivery time')}
          field="meta_data.delivery_time"
          value={form.delivery_time}
          errors={errors}
          onChange={(delivery_time) => change({ delivery_time })}
          help={__('For example: 2\u20133 working days.')}
        />
      </div>
      <h3>{__('Price per unit')}</h3>
      <div className="vitrine-product-editor__fields">
        <div>
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Unit')}
            value={form.unit}
            options={[
              { value: '', label: __('No price per unit') },
              ...UNIT_PRICE_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] })),
            ]}
            onChange={(unit) => change({ unit: unit as ProductForm['unit'] })}
            {...invalidProps(errors, 'meta_data.unit_price_unit')}
          />
          <FieldError errors={errors} field="meta_data.unit_price_unit" />
        </div>
        <TextField
          inputMode="decimal"
          label={__('Quantity in the pack')}
          field="meta_data.unit_price_quantity"
          value={form.unit_quantity}
          errors={errors}
          onChange={(unit_quantity) => change({ unit_quantity })}
          help={
            perUnit
              ? sprintf(
                  __(
                    'How many %1$s the pack holds: 0.5 for 500 g counted in kg. The price is then also shown per unit.',
                  ),
                  perUnit,
                )
              : __('Choose a unit first.')
          }
        />
        <TextField
          inputMode="decimal"
          label={__('Price shown per')}
          field="meta_data.unit_price_reference"
          value={form.unit_reference}
          errors={errors}
          onChange={(unit_reference) => change({ unit_reference })}
          help={
            perUnit
              ? sprintf(
                  __(
                    'How many %1$s the unit price is for: 1 for per 1 %1$s, 100 for per 100 %1$s. Empty: 100 for g and ml, 1 otherwise.',
                  ),
                  perUnit,
                )
              : __('Choose a unit first.')
          }
        />
      </div>
    </section>
  );
}
