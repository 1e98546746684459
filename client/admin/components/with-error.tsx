/**
 * A control's `help` with the server's reason for refusing the field in front of it. @wordpress/components draws the
 * help under the control and ties the input to it (aria-describedby), so a screen reader reads the reason with the
 * field; role alert says it as it appears.
 * @returns undefined when there is neither reason nor help, so that the control draws no empty help
 * @example <TextControl label={__('Label')} help={withError(errors.label, __('The text next to the box.'))} ... />
 */
export const withError = (error: string | undefined, help?: string) =>
  error || help ? (
    <>
      {error && (
        <span className="vitrine-field-error" role="alert">
          {error}{' '}
        </span>
      )}
      {help}
    </>
  ) : undefined;
