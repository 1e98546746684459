/**
 * The product's attributes: each a name (`Colour`; a known attribute is matched by its name and offered as you type,
 * a new one is defined by the shop, and each becomes a filter source) with its terms (the known attribute's terms in
 * use are suggested, so that "Red" stays one filter value), and for a variable product whether its terms make the
 * variations. Terms are typed and added with Enter or a comma.
 */
import { Button, CheckboxControl, FormTokenField, TextControl } from '@wordpress/components';
import { useMemo } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { WcAttribute } from '../../api/woocommerce.js';
import { listAttributes, listAttributeTerms } from '../data/products-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { FieldError } from './field-error.js';
import type { AttributeDraft, ProductForm, SectionProps } from './product-form.js';

const termsOf = (tokens: (string | { value: string })[]) => [
  ...new Set(tokens.map((token) => (typeof token === 'string' ? token : token.value).trim()).filter(Boolean)),
];

/** The known attribute a typed name means: by its label (`Colour`) or its slug's name (`color`, `pa_color`). */
function knownAttribute(known: readonly WcAttribute[], name: string): WcAttribute | undefined {
  const wanted = name.trim().toLowerCase().replace(/^pa_/, '');
  return wanted
    ? known.find(
        (attribute) => attribute.name.toLowerCase() === wanted || attribute.slug.replace(/^pa_/, '') === wanted,
      )
    : undefined;
}

interface RowProps {
  index: number;
  attribute: AttributeDraft;
  type: ProductForm['type'];
  known: WcAttribute | undefined;
  onChange: (changes: Partial<AttributeDraft>) => void;
  onRemove: () => void;
}

function AttributeRow({ index, attribute, type, known, onChange, onRemove }: RowProps) {
  const loadTerms = useMemo(() => (known ? () => listAttributeTerms(known.id) : () => Promise.resolve([])), [known]);
  const suggestions = useRestData(loadTerms).data?.map((term) => term.name) ?? [];
  const title = attribute.name.trim() || sprintf(__('Attribute %d'), index + 1);
  return (
    <fieldset className="vitrine-product-editor__group">
      <legend>{title}</legend>
      <div className="vitrine-product-editor__fields">
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Attribute name')}
          list="product-attribute-names"
          value={attribute.name}
          onChange={(name) => onChange({ name })}
        />
        <FormTokenField
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          tokenizeOnBlur
          label={__('Terms')}
          suggestions={suggestions}
          help={__('Type a term and press Enter or a comma.')}
          value={attribute.options}
          onChange={(tokens) => onChange({ options: termsOf(tokens) })}
        />
      </div>
      {type === 'variable' && (
        <CheckboxControl
          __nextHasNoMarginBottom
          label={__('Used for variations')}
          checked={attribute.variation}
          onChange={(variation) => onChange({ variation })}
        />
      )}
      <Button variant="link" isDestructive onClick={onRemove}>
        {sprintf(__('Remove %s'), title)}
      </Button>
    </fieldset>
  );
}

export function AttributesSection({ form, errors, change }: SectionProps) {
  const known = useRestData(listAttributes).data ?? [];
  const setAttribute = (index: number, changes: Partial<AttributeDraft>) =>
    change({
      attributes: form.attributes.map((attribute, at) => (at === index ? { ...attribute, ...changes } : attribute)),
    });
  const remove = (index: number) => change({ attributes: form.attributes.filter((_, at) => at !== index) });
  const add = () =>
    change({ attributes: [...form.attributes, { name: '', options: [], variation: form.type === 'variable' }] });
  return (
    <section
      className="vitrine-product-editor__section"
      aria-labelledby="product-attributes-heading"
      id="product-attributes"
    >
      <h2 id="product-attributes-heading">{__('Attributes')}</h2>
      <p className="vitrine-help">{__('Such as colour, size or material. Shoppers filter by them in the shop.')}</p>
      <FieldError errors={errors} field="attributes" />
      {/* The known attributes, offered as the name is typed (the browser's own suggestion list). */}
      <datalist id="product-attribute-names">
        {known.map((attribute) => (
          <option key={attribute.id} value={attribute.name} />
        ))}
      </datalist>
      {form.attributes.map((attribute, index) => (
        <AttributeRow
          key={index}
          index={index}
          attribute={attribute}
          type={form.type}
          known={knownAttribute(known, attribute.name)}
          onChange={(changes) => setAttribute(index, changes)}
          onRemove={() => remove(index)}
        />
      ))}
      <Button variant="secondary" onClick={add}>
        {__('Add attribute')}
      </Button>
    </section>
  );
}
