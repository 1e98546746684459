/** The checkbox list's columns: label, form, required, shown, position, legal page and acceptance rate. */
import type { Field } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';
import { LOCATION_LABELS } from './checkbox-form.js';
import type { LegalPage } from '../../api/compliance.js';
import type { CheckboxRow } from './use-checkboxes.js';
import { formatShopNumber, shopPercent } from '../locale/shop-number.js';

const yesNo = [
  { value: true, label: __('Yes') },
  { value: false, label: __('No') },
];

export function checkboxFields(legalPages: LegalPage[]): Field<CheckboxRow>[] {
  const pageTitle = (id: number) =>
    id === 0 ? __('None') : (legalPages.find((page) => page.id === id)?.title ?? sprintf(__('Page %d'), id));
  return [
    {
      id: 'label',
      label: __('Label'),
      enableHiding: false,
      enableGlobalSearch: true,
      getValue: ({ item }) => item.label,
    },
    {
      id: 'location',
      label: __('Form'),
      getValue: ({ item }) => item.location,
      elements: Object.entries(LOCATION_LABELS).map(([value, label]) => ({ value, label })),
      filterBy: { operators: ['isAny'] },
    },
    {
      id: 'required',
      label: __('Required'),
      getValue: ({ item }) => item.required,
      elements: yesNo,
      render: ({ item }) => (item.required ? __('Yes') : __('No')),
      filterBy: { operators: ['is'] },
    },
    {
      id: 'enabled',
      label: __('Shown'),
      getValue: ({ item }) => item.enabled,
      elements: yesNo,
      render: ({ item }) => (item.enabled ? __('Yes') : __('No')),
      filterBy: { operators: ['is'] },
    },
    { id: 'position', label: __('Position'), type: 'integer', getValue: ({ item }) => item.position },
    { id: 'legal_page', label: __('Legal page'), getValue: ({ item }) => pageTitle(item.legal_page_id) },
    {
      id: 'acceptance_rate',
      label: __('Accepted'),
      type: 'number',
      getValue: ({ item }) => item.acceptance_rate,
      render: ({ item }) =>
        item.total_shown
          ? sprintf(__('%1$s of %2$s shown'), shopPercent(item.acceptance_rate), formatShopNumber(item.total_shown))
          : __('Not shown yet'),
    },
  ];
}
