/**
 * The product's attributes: each a name (`Colour`; a known attribute is matched by its name, a new one is defined by
 * the shop, and each becomes a filter source) with its terms, and for a variable product whether its terms make the
 * variations. Terms are typed and added with Enter or a comma.
 */
import { Button, CheckboxControl, FormTokenField, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { FieldError } from './field-error.js';
import type { AttributeDraft, SectionProps } from './product-form.js';


const termsOf = (tokens: (string | { value: string })[]) =>
  [...new Set(tokens.map((token) => (typeof token === 'string' ? token : token.value).trim()).filter(Boolean))];

export function AttributesSection({ form, errors, change }: SectionProps) {
  const setAttribute = (index: number, changes: Partial<AttributeDraft>) =>
    change({ attributes: form.attributes.map((attribute, at) => (at === index ? { ...attribute, ...changes } : attribute)) });
  const remove = (index: number) => change({ attributes: form.attributes.filter((_, at) => at !== index) });
  const add = () => change({ attributes: [...form.attributes, { name: '', options: [], variation: form.type === 'variable' }] });
  return (
    <section className="vitrine-product-editor__section" aria-labelledby="product-attributes-heading" id="product-attributes">
      <h2 id="product-attributes-heading">{__('Attributes')}</h2>
      <p className="vitrine-help">{__('Such as colour, size or material. Shoppers filter by them in the shop.')}</p>
      <FieldError errors={errors} field="attributes" />
      {form.attributes.map((attribute, index) => {
        const title = attribute.name.trim() || sprintf(__('Attribute %d'), index + 1);
        return (
          <fieldset key={index} className="vitrine-product-editor__group">
            <legend>{title}</legend>
            <div className="vitrine-product-editor__fields">
              <TextControl
                __next40pxDefaultSize __nextHasNoMarginBottom label={__('Attribute name')}
                value={attribute.name} onChange={(name) => setAttribute(index, { name })}
              />
              <FormTokenField
                __next40pxDefaultSize __nextHasNoMarginBottom tokenizeOnBlur label={__('Terms')}
                help={__('Type a term and press Enter or a comma.')}
                value={attribute.options} onChange={(tokens) => setAttribute(index, { options: termsOf(tokens) })}
              />
            </div>
            {form.type === 'variable' && (
              <CheckboxControl
                __nextHasNoMarginBottom label={__('Used for variations')}
                checked={attribute.variation} onChange={(variation) => setAttribute(index, { variation })}
              />
            )}
            <Button variant="link" isDestructive onClick={() => remove(index)}>{sprintf(__('Remove %s'), title)}</Button>
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={add}>{__('Add attribute')}</Button>
    </section>
  );
}
