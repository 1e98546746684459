/**
 * One setting's field, chosen from its declared type: a toggle for a boolean, a number field with its bounds, a
 * select for a choice, a text field otherwise. The server's message for it is shown beside it, tied to the field as
 * part of its description, so a screen reader reads it with the field.
 */
import { SelectControl, TextControl, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ArgDescription } from '../../api/discovery.js';
import { formatShopNumber } from '../locale/shop-number.js';
import type { DraftValue } from './setting-values.js';

interface Props {
  name: string;
  arg: ArgDescription;
  value: DraftValue;
  error?: string;
  onChange(value: DraftValue): void;
}

function helpWithError(arg: ArgDescription, error: string | undefined) {
  const bounds =
    arg.minimum !== undefined && arg.maximum !== undefined
      ? ` ${sprintf(__('From %1$s to %2$s.'), formatShopNumber(arg.minimum), formatShopNumber(arg.maximum))}`
      : '';
  return (
    <>
      {error && (
        <span className="vitrine-field-error" role="alert">
          {error}{' '}
        </span>
      )}
      {arg.description}
      {bounds}
    </>
  );
}

export function SettingField({ name, arg, value, error, onChange }: Props) {
  const label = arg.title ?? name;
  const help = helpWithError(arg, error);
  const invalid = error ? { 'aria-invalid': true } : {};
  if (arg.type === 'boolean') {
    return (
      <ToggleControl __nextHasNoMarginBottom label={label} help={help} checked={value === true} onChange={onChange} />
    );
  }
  if (arg.enum) {
    return (
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={label}
        help={help}
        value={String(value)}
        options={arg.enum.map((choice) => ({ label: String(choice), value: String(choice) }))}
        onChange={onChange}
        {...invalid}
      />
    );
  }
  // Numbers are typed as text, read by the shop's locale (a decimal comma in a Polish shop), not the browser's.
  const numeric = arg.type === 'integer' || arg.type === 'number';
  return (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      help={help}
      type="text"
      inputMode={numeric ? (arg.type === 'integer' ? 'numeric' : 'decimal') : undefined}
      maxLength={arg.maxLength}
      value={String(value)}
      onChange={onChange}
      {...invalid}
    />
  );
}
