/** The shop manager's screens (manage_shop): their navigation entries, in order, and which component draws each. */
import { __ } from '@wordpress/i18n';
import { CheckboxesScreen } from '../checkboxes/index.js';
import { ConsentLogScreen } from '../consent-log/index.js';
import { FacetsScreen } from '../facets/index.js';
import { SettingsScreen } from '../settings/index.js';
import type { ManagerScreen } from './use-route.js';

/** Screens reachable from the header; the others (wizard, consent log) are linked from these. */
export const MANAGER_NAVIGATION: { screen: ManagerScreen; label: string }[] = [
  { screen: 'settings', label: __('Settings') },
  { screen: 'checkboxes', label: __('Checkboxes') },
  { screen: 'facets', label: __('Facets') },
];

export function ManagerScreenView({ screen, part }: { screen: ManagerScreen; part: string | null }) {
  switch (screen) {
    case 'settings':
      return <SettingsScreen part={part} />;
    case 'checkboxes':
      return <CheckboxesScreen />;
    case 'consent-log':
      return <ConsentLogScreen />;
    case 'facets':
      return <FacetsScreen />;
    default:
      return <p>{__('This admin screen does not exist.')}</p>;
  }
}
