/**
 * A one-line field of the editor: WordPress's TextControl with the server's reason beside it when its wc/v3 field was
 * refused (the help gives way to the reason), tied to it for screen readers.
 */
import { TextControl } from '@wordpress/components';
import { FieldError, invalidProps, type FieldErrors } from './field-error.js';

interface Props {
  label: string;
  /** The wc/v3 field whose refusal is shown here, e.g. `weight`, `meta_data.delivery_time`. */
  field: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  help?: string;
  /** `decimal` for prices, weights and lengths: a phone shows its number pad. */
  inputMode?: 'decimal';
  /** Makes the reason's id unique where several items share the form (a variation's key). */
  prefix?: string;
}

export function TextField({ label, field, value, onChange, errors, help, inputMode, prefix }: Props) {
  return (
    <div>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={label}
        help={errors[field] ? undefined : help}
        inputMode={inputMode}
        value={value}
        onChange={onChange}
        {...invalidProps(errors, field, prefix)}
      />
      <FieldError errors={errors} field={field} prefix={prefix} />
    </div>
  );
}
