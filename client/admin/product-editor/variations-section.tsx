/**
 * A variable product's variations: generated from the attributes used for variations (every combination of their
 * terms that has none yet), each with its SKU, image, prices, scheduled sale and stock, and a Remove button. Each
 * variation is a group named by its terms, so its fields read "Regular price, Colour: Red, Size: M".
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { problemsByField } from '../products/price-stock-draft.js';
import { PriceStockFields } from '../products/price-stock-fields.js';
import type { FieldErrors } from './field-error.js';
import { ImageList } from './image-list.js';
import { TextField } from './text-field.js';
import type { ProductEditorState } from './use-product-editor.js';
import { combinations, variationTitle, type VariationDraft } from './variation-drafts.js';

function VariationFields({
  variation,
  errors,
  onChange,
  onRemove,
}: {
  variation: VariationDraft;
  errors: FieldErrors;
  onChange: (variation: VariationDraft) => void;
  onRemove: () => void;
}) {
  const title = variationTitle(variation.options) || __('Any option');
  const prefix = `variation-${variation.key}`;
  return (
    <fieldset className="vitrine-product-editor__group vitrine-product-editor__variation">
      <legend>{title}</legend>
      {errors.variation && (
        <Notice status="error" isDismissible={false}>
          {errors.variation}
        </Notice>
      )}
      <div className="vitrine-product-editor__fields">
        <TextField
          label={__('SKU')}
          field="sku"
          value={variation.sku}
          onChange={(sku) => onChange({ ...variation, sku })}
          errors={errors}
          prefix={prefix}
        />
      </div>
      <PriceStockFields
        idPrefix={prefix}
        draft={variation.prices}
        errors={problemsByField(errors).fields}
        onChange={(prices) => onChange({ ...variation, prices })}
      />
      <ImageList
        single
        context={title}
        images={variation.image ? [variation.image] : []}
        errors={errors}
        field="image"
        errorPrefix={prefix}
        onChange={(images) => onChange({ ...variation, image: images[0] ?? null })}
      />
      <Button variant="link" isDestructive onClick={onRemove}>
        {sprintf(__('Remove variation %s'), title)}
      </Button>
    </fieldset>
  );
}

export function VariationsSection({ editor }: { editor: ProductEditorState }) {
  const { form, variations, variationErrors } = editor;
  const possible = combinations(form.attributes).length;
  const update = (next: VariationDraft) =>
    editor.setVariations((current) => current.map((variation) => (variation.key === next.key ? next : variation)));
  return (
    <section
      className="vitrine-product-editor__section"
      aria-labelledby="product-variations-heading"
      id="product-variations"
    >
      <h2 id="product-variations-heading">{__('Variations')}</h2>
      <p className="vitrine-help">
        {possible
          ? sprintf(
              __('The attributes used for variations make %1$d combinations; %2$d have a variation.'),
              possible,
              variations.length,
            )
          : __('Add attributes used for variations, with their terms, to generate the variations.')}
      </p>
      <Button variant="secondary" onClick={editor.generate} disabled={possible === 0} accessibleWhenDisabled>
        {__('Generate variations')}
      </Button>
      {variations.map((variation) => (
        <VariationFields
          key={variation.key}
          variation={variation}
          errors={variationErrors[variation.key] ?? {}}
          onChange={update}
          onRemove={() => editor.removeVariation(variation.key)}
        />
      ))}
    </section>
  );
}
