/** The shop manager's screens (manage_shop): their navigation entries, in order, and which component draws each. */
import { __ } from '@wordpress/i18n';
import { CheckboxesScreen } from '../checkboxes/index.js';
import { ConsentLogScreen } from '../consent-log/index.js';
import { DashboardScreen } from '../dashboard/index.js';
import { FacetsScreen } from '../facets/index.js';
import { MessagesScreen, WithdrawalsScreen } from '../inbox/index.js';
import { LegalPagesScreen } from '../legal-pages/index.js';
import { SettingsScreen } from '../settings/index.js';
import { UsersScreen } from '../users/index.js';
import { WizardScreen } from '../wizard/index.js';
import type { StartData } from './start-data.js';
import type { ManagerScreen } from './use-route.js';

/** Screens reachable from the header; the others (wizard, consent log) are linked from these. */
export const MANAGER_NAVIGATION: { screen: ManagerScreen; label: string }[] = [
  { screen: 'dashboard', label: __('Dashboard') },
  { screen: 'settings', label: __('Settings') },
  { screen: 'checkboxes', label: __('Checkboxes') },
  { screen: 'legal-pages', label: __('Legal pages') },
  { screen: 'facets', label: __('Facets') },
  { screen: 'users', label: __('Users') },
  { screen: 'messages', label: __('Messages') },
  { screen: 'withdrawals', label: __('Withdrawals') },
];

export function ManagerScreenView({ screen, part, start }: { screen: ManagerScreen; part: string | null; start: StartData }) {
  switch (screen) {
    case 'dashboard':
      return <DashboardScreen userId={start.user.id} />;
    case 'settings':
      return <SettingsScreen part={part} />;
    case 'checkboxes':
      return <CheckboxesScreen />;
    case 'consent-log':
      return <ConsentLogScreen />;
    case 'facets':
      return <FacetsScreen />;
    case 'legal-pages':
      return <LegalPagesScreen />;
    case 'messages':
      return <MessagesScreen />;
    case 'withdrawals':
      return <WithdrawalsScreen />;
    case 'wizard':
      return <WizardScreen part={part} userId={start.user.id} />;
    case 'users':
      return <UsersScreen part={part} self={start.user} mayManageUsers={start.user.capabilities.includes('manage_options')} />;
    default:
      return <p>{__('This admin screen does not exist.')}</p>;
  }
}
