/**
 * The wizard's checkboxes step: the checkboxes each form shows, with their legal pages. Confirming them records the
 * review (the step is done once no required one refers to a page shoppers cannot read, which the wizard shows above).
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { LOCATION_LABELS } from '../checkboxes/checkbox-form.js';
import { useCheckboxes } from '../checkboxes/use-checkboxes.js';

export function CheckboxesStep({ onNext }: { onNext(): void }) {
  const { rows, legalPages } = useCheckboxes();
  const unlinked = (rows ?? []).filter((row) => row.required && row.enabled && row.legal_page_id === 0);
  return (
    <div>
      <p className="vitrine-help">
        {__(
          'These boxes appear on the checkout, registration and contact forms. Change them any time under Checkboxes.',
        )}
      </p>
      {unlinked.length > 0 && (
        <Notice status="warning" isDismissible={false}>
          {sprintf(
            __(
              '%d required checkboxes link no legal page yet. Generate the legal pages, then link them under Checkboxes.',
            ),
            unlinked.length,
          )}
        </Notice>
      )}
      <ul>
        {(rows ?? []).map((row) => (
          <li key={row.id}>
            {sprintf(
              __('%1$s (%2$s, %3$s, page: %4$s)'),
              row.label,
              LOCATION_LABELS[row.location] ?? row.location,
              row.required ? __('required') : __('optional'),
              legalPages.find((page) => page.id === row.legal_page_id)?.title ?? __('none'),
            )}
          </li>
        ))}
      </ul>
      <Button variant="primary" onClick={onNext}>
        {__('These are right: continue')}
      </Button>
    </div>
  );
}
