/**
 * A refused field's reason beside it: the message (role alert, so a screen reader says it when it appears) and the
 * attributes that tie the input to it (aria-invalid, aria-describedby). Errors are keyed by their wc/v3 field
 * (`sale_price`, `meta_data.gpsr_documents`), as the data layer gives them.
 */
import type { FieldErrors } from './product-form.js';

export type { FieldErrors };

const errorId = (prefix: string, field: string) => `${prefix}-${field.replace(/[^\w-]/g, '-')}-error`;

/** The input's attributes when `field` was refused; none otherwise. */
export function invalidProps(errors: FieldErrors, field: string, prefix = 'product') {
  return errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(prefix, field) } : {};
}

export function FieldError({
  errors,
  field,
  prefix = 'product',
}: {
  errors: FieldErrors;
  field: string;
  prefix?: string;
}) {
  if (!errors[field]) return null;
  return (
    <p id={errorId(prefix, field)} className="vitrine-field-error" role="alert">
      {errors[field]}
    </p>
  );
}
