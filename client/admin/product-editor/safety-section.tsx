/**
 * The product's safety information (GPSR, Regulation (EU) 2023/988, article 19): the manufacturer and, for one
 * outside the EU, the responsible person in the EU, with warnings and safety documents. Kept in `meta_data` under the
 * `gpsr_*` keys that the product page and the product-safety report read; the report links here (#product-safety).
 */
import { TextareaControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { SAFETY_META_KEYS as K } from '../../api/woocommerce.js';
import { FieldError, invalidProps } from './field-error.js';
import type { SafetyKey, SectionProps } from './product-form.js';

interface FieldSpec {
  key: SafetyKey;
  label: string;
  help?: string;
  lines?: number;
}

const MANUFACTURER: FieldSpec[] = [
  { key: K.manufacturerName, label: __('Manufacturer name') },
  { key: K.manufacturerAddress, label: __('Manufacturer postal address'), lines: 3 },
  { key: K.manufacturerContact, label: __('Manufacturer email or web address') },
];
const RESPONSIBLE: FieldSpec[] = [
  { key: K.responsibleName, label: __('Responsible person name') },
  { key: K.responsibleAddress, label: __('Responsible person postal address'), lines: 3 },
  { key: K.responsibleContact, label: __('Responsible person email or web address') },
];
const MORE: FieldSpec[] = [
  { key: K.warnings, label: __('Warnings and safety information'), lines: 3 },
  {
    key: K.documents,
    label: __('Safety documents'),
    lines: 3,
    help: __(
      'One per line: a title, a bar and the web address, such as \u201cManual | https://example.com/manual.pdf\u201d.',
    ),
  },
];

function SafetyField({ spec, form, errors, change }: SectionProps & { spec: FieldSpec }) {
  const field = `meta_data.${spec.key}`;
  const common = {
    __nextHasNoMarginBottom: true,
    label: spec.label,
    help: errors[field] ? undefined : spec.help,
    value: form.safety[spec.key],
    onChange: (value: string) => change({ safety: { ...form.safety, [spec.key]: value } }),
    ...invalidProps(errors, field),
  };
  return (
    <div>
      {spec.lines ? (
        <TextareaControl {...common} rows={spec.lines} />
      ) : (
        <TextControl {...common} __next40pxDefaultSize />
      )}
      <FieldError errors={errors} field={field} />
    </div>
  );
}

export function SafetySection(props: SectionProps) {
  const fields = (specs: FieldSpec[]) => specs.map((spec) => <SafetyField key={spec.key} spec={spec} {...props} />);
  return (
    <section
      className="vitrine-product-editor__section"
      aria-labelledby="product-safety-heading"
      id="product-safety"
      tabIndex={-1}
    >
      <h2 id="product-safety-heading">{__('Product safety (GPSR)')}</h2>
      <p className="vitrine-help">
        {__(
          'Shown on the product page. The manufacturer\u2019s name, postal address and email or web address are required for every product offered in the EU.',
        )}
      </p>
      <fieldset className="vitrine-product-editor__group">
        <legend>{__('Manufacturer')}</legend>
        <div className="vitrine-product-editor__fields">{fields(MANUFACTURER)}</div>
      </fieldset>
      <fieldset className="vitrine-product-editor__group">
        <legend>{__('Responsible person in the EU (if the manufacturer is outside it)')}</legend>
        <div className="vitrine-product-editor__fields">{fields(RESPONSIBLE)}</div>
      </fieldset>
      <div className="vitrine-product-editor__fields">{fields(MORE)}</div>
    </section>
  );
}
