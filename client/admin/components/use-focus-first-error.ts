/**
 * After a refused save, moves the focus to the first refused field of the form (in the page's order) and scrolls it
 * into view, so that a keyboard or screen-reader user lands where the fix is typed rather than on the Save button,
 * possibly a screen or two away. A field is found by its reason's message (`.vitrine-field-error`): the control it
 * describes, else the first control of its group.
 * @param errors the refused fields' reasons: a new object after each save
 */
import { useEffect, type RefObject } from '@wordpress/element';

const FIELDS = 'input:not([type="hidden"]), textarea, select';

function firstRefusedField(root: HTMLElement): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  const reason = root.querySelector<HTMLElement>('.vitrine-field-error');
  // Whichever comes first in the page: a marked input, or a reason shown beside its control.
  const first =
    invalid && reason && reason.compareDocumentPosition(invalid) & Node.DOCUMENT_POSITION_FOLLOWING ? reason : invalid;
  const target = first ?? reason;
  if (!target || target.matches(FIELDS)) return target;
  const group = target.closest<HTMLElement>('.components-base-control, fieldset, .vitrine-zone__method');
  return group?.querySelector<HTMLElement>(FIELDS) ?? null;
}

export function useFocusFirstError(form: RefObject<HTMLElement | null>, errors: Record<string, unknown>): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return undefined;
    // Once the reasons are painted beside their fields.
    const frame = window.requestAnimationFrame(() => {
      const field = form.current && firstRefusedField(form.current);
      if (!field) return;
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [errors]);
}
