/**
 * The settings of one facet: label, type (only those that fit its source), logic, counts, empty values, value order
 * (by count, by name, or the manager's own order) and limit. The server's message for each field shows under it.
 */
import { SelectControl, TextControl, TextareaControl, ToggleControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { FacetDefinition, FacetSource } from '../../api/facets.js';
import { MULTI_SELECT_TYPES } from '../../api/facets.js';
import { SwatchColoursField } from './swatch-colours-field.js';
import { withError } from '../components/with-error.js';

export const TYPE_LABELS: Record<string, string> = {
  checkboxes: __('Checkboxes'),
  radio: __('Radio buttons'),
  dropdown: __('Dropdown'),
  range: __('Range (min-max)'),
  rating: __('Rating (stars & up)'),
  toggle: __('Toggle'),
  hierarchy: __('Category tree'),
};

interface Props {
  facet: FacetDefinition;
  source: FacetSource | undefined;
  /** Field -> the server's message (`label`, `type`, `custom_order`...). */
  errors: Record<string, string>;
  onChange(change: Partial<FacetDefinition>): void;
}

/** The custom order as text the manager types freely (commas and spaces stay as typed); the list follows it. */
function CustomOrderField({
  values,
  error,
  onChange,
}: {
  values: string[];
  error?: string;
  onChange(values: string[]): void;
}) {
  const [text, setText] = useState(values.join(', '));
  return (
    <TextareaControl
      __nextHasNoMarginBottom
      label={__('Custom order')}
      help={withError(error, __('Values separated by commas, e.g. XS, S, M, L, XL. Values not listed follow by name.'))}
      value={text}
      onChange={(typed) => {
        setText(typed);
        onChange(
          typed
            .split(',')
            .map((value) => value.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

export function FacetEditor({ facet, source, errors, onChange }: Props) {
  const multi = MULTI_SELECT_TYPES.includes(facet.type);
  const listed = facet.type !== 'range' && facet.type !== 'toggle';
  return (
    <fieldset className="vitrine-settings__fields vitrine-facet-editor">
      <legend>{sprintf(__('Facet "%s"'), facet.label || facet.name)}</legend>
      <p className="vitrine-help">
        {sprintf(__('Source: %1$s. URL variable: sf_%2$s.'), source?.label ?? facet.source, facet.name)}
        {source?.sample.length ? ` ${sprintf(__('Values such as: %s.'), source.sample.join(', '))}` : ''}
      </p>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Label')}
        help={withError(errors.label)}
        value={facet.label}
        onChange={(label) => onChange({ label })}
      />
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Type')}
        help={withError(errors.type, __('Only the types that fit this source are offered.'))}
        value={facet.type}
        options={(source?.types ?? [facet.type]).map((type) => ({ value: type, label: TYPE_LABELS[type] ?? type }))}
        onChange={(type) =>
          onChange({
            type: type as FacetDefinition['type'],
            ...(MULTI_SELECT_TYPES.includes(type as FacetDefinition['type']) ? {} : { logic: 'or' }),
          })
        }
      />
      {multi && (
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('When several values are chosen, show products with')}
          help={withError(errors.logic)}
          value={facet.logic}
          options={[
            { value: 'or', label: __('any of them (or)') },
            { value: 'and', label: __('all of them (and)') },
          ]}
          onChange={(logic) => onChange({ logic: logic as FacetDefinition['logic'] })}
        />
      )}
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Show counts')}
        help={withError(errors.show_counts)}
        checked={facet.show_counts}
        onChange={(show_counts) => onChange({ show_counts })}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Hide values with no products')}
        help={withError(errors.hide_empty)}
        checked={facet.hide_empty}
        onChange={(hide_empty) => onChange({ hide_empty })}
      />
      {listed && (
        <>
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Value order')}
            help={withError(errors.order)}
            value={facet.order}
            options={[
              { value: 'count', label: __('Most products first') },
              { value: 'name', label: __('By name') },
              { value: 'custom', label: __('Custom order') },
            ]}
            onChange={(order) => onChange({ order: order as FacetDefinition['order'] })}
          />
          {facet.order === 'custom' && (
            <CustomOrderField
              values={facet.custom_order ?? []}
              error={errors.custom_order}
              onChange={(custom_order) => onChange({ custom_order })}
            />
          )}
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            type="number"
            min={0}
            label={__('Values shown before "show more"')}
            help={withError(errors.limit, __('0 shows them all.'))}
            value={String(facet.limit)}
            onChange={(limit) =>
              onChange({ limit: limit.trim() === '' ? (limit as unknown as number) : Number(limit) })
            }
          />
        </>
      )}
      {facet.source === 'field:new' && (
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="number"
          min={1}
          max={365}
          label={__('Days a product counts as new')}
          help={withError(
            errors.new_days,
            __('Products published within this many days; 30 when empty. Counted when the index is built.'),
          )}
          value={facet.new_days === undefined ? '' : String(facet.new_days)}
          onChange={(days) => onChange({ new_days: days.trim() === '' ? undefined : Number(days) })}
        />
      )}
      {source?.terms && (facet.type === 'checkboxes' || facet.type === 'radio') && (
        <SwatchColoursField facet={facet} terms={source.terms} errors={errors} onChange={onChange} />
      )}
    </fieldset>
  );
}
