/**
 * The product's name, address (slug), type, and its texts. The shop shows descriptions as plain text (escaped, as
 * every catalog value), so they are plain text areas here: what the manager types is what shoppers read.
 */
import { SelectControl, TextareaControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { FieldError, invalidProps } from './field-error.js';
import type { ProductForm, SectionProps } from './product-form.js';
import { TextField } from './text-field.js';

export function GeneralSection({ form, errors, change }: SectionProps) {
  return (
    <section className="vitrine-product-editor__section" aria-labelledby="product-general-heading" id="product-general">
      <h2 id="product-general-heading">{__('Product')}</h2>
      <div className="vitrine-product-editor__fields">
        <div id="product-name">
          <TextField
            label={__('Name')}
            field="name"
            value={form.name}
            onChange={(name) => change({ name })}
            errors={errors}
          />
        </div>
        <TextField
          label={__('Slug')}
          field="slug"
          value={form.slug}
          onChange={(slug) => change({ slug })}
          errors={errors}
          help={__('The product\u2019s address in the shop. Empty: made from the name.')}
        />
        <div>
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Product type')}
            help={__(
              'A variable product is sold in variations, such as colours and sizes, each with its own price and stock.',
            )}
            value={form.type}
            options={[
              { value: 'simple', label: __('Simple product') },
              { value: 'variable', label: __('Variable product') },
            ]}
            onChange={(type) => change({ type: type as ProductForm['type'] })}
            {...invalidProps(errors, 'type')}
          />
          <FieldError errors={errors} field="type" />
        </div>
      </div>
      {/* Ids on wrappers: a link's hash names the place, whose first field gets the focus (use-focus-from-hash.ts). */}
      <div id="product-description">
        <TextareaControl
          __nextHasNoMarginBottom
          label={__('Description')}
          rows={8}
          value={form.description}
          onChange={(description) => change({ description })}
          {...invalidProps(errors, 'description')}
        />
        <FieldError errors={errors} field="description" />
      </div>
      <TextareaControl
        __nextHasNoMarginBottom
        label={__('Short description')}
        rows={3}
        value={form.short_description}
        onChange={(short_description) => change({ short_description })}
        {...invalidProps(errors, 'short_description')}
      />
      <FieldError errors={errors} field="short_description" />
    </section>
  );
}
