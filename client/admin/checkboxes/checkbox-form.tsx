/**
 * Create or edit one checkbox in a modal: label, form, required, shown, and the legal page it links. The server
 * validates (the same rules for create and update); its message for each field is shown under that field, and
 * nothing typed is lost.
 */
import { Button, Modal, Notice, SelectControl, TextareaControl, ToggleControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { CHECKBOX_LOCATIONS, type LegalPage, type RestCheckbox } from '../../api/compliance.js';
import { createCheckbox, updateCheckbox } from '../data/checkboxes-api.js';
import { toRestRequestError } from '../data/rest-error.js';
import { withError } from '../components/with-error.js';

export const LOCATION_LABELS: Record<string, string> = {
  checkout: __('Checkout'),
  registration: __('Registration'),
  contact: __('Contact'),
};

type Draft = Pick<RestCheckbox, 'label' | 'location' | 'required' | 'enabled' | 'legal_page_id'>;

interface Props {
  checkbox: RestCheckbox | null;
  legalPages: LegalPage[];
  onClose(): void;
  onSaved(): void;
}

export function CheckboxForm({ checkbox, legalPages, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(
    checkbox
      ? {
          label: checkbox.label,
          location: checkbox.location,
          required: checkbox.required,
          enabled: checkbox.enabled,
          legal_page_id: checkbox.legal_page_id,
        }
      : { label: '', location: 'checkout', required: false, enabled: true, legal_page_id: 0 },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const save = async () => {
    setSaving(true);
    try {
      await (checkbox ? updateCheckbox(checkbox.id, draft) : createCheckbox(draft));
      onSaved();
    } catch (caught) {
      const error = toRestRequestError(caught);
      setErrors(error.fields);
      setMessage(error.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={checkbox ? __('Edit checkbox') : __('Add checkbox')} onRequestClose={onClose} size="medium">
      <form
        noValidate
        className="vitrine-settings__fields"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {message && (
          <Notice status="error" isDismissible={false}>
            {__('Nothing was saved.')} {message}
          </Notice>
        )}
        <TextareaControl
          __nextHasNoMarginBottom
          label={__('Label')}
          help={withError(errors.label, __('The text next to the box. Name the legal page it refers to.'))}
          value={draft.label}
          onChange={(label) => set({ label })}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Form')}
          help={withError(errors.location)}
          value={draft.location}
          options={CHECKBOX_LOCATIONS.map((location) => ({ value: location, label: LOCATION_LABELS[location]! }))}
          onChange={(location) => set({ location: location as Draft['location'] })}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Legal page')}
          help={withError(errors.legal_page_id)}
          value={String(draft.legal_page_id)}
          options={[
            { value: '0', label: __('None') },
            ...legalPages.map((page) => ({ value: String(page.id), label: page.title })),
          ]}
          onChange={(id) => set({ legal_page_id: Number(id) })}
        />
        <ToggleControl
          __nextHasNoMarginBottom
          label={__('Required')}
          help={withError(errors.required, __('The form cannot be sent without it ticked.'))}
          checked={draft.required}
          onChange={(required) => set({ required })}
        />
        <ToggleControl
          __nextHasNoMarginBottom
          label={__('Shown on the form')}
          help={withError(errors.enabled)}
          checked={draft.enabled}
          onChange={(enabled) => set({ enabled })}
        />
        <div>
          <Button variant="primary" type="submit" isBusy={saving} disabled={saving} accessibleWhenDisabled>
            {checkbox ? __('Save checkbox') : __('Add checkbox')}
          </Button>{' '}
          <Button variant="tertiary" onClick={onClose}>
            {__('Cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
