/**
 * Which component draws each screen of admin-screens.ts, and with what. Kept apart from the table because the
 * screens import the table (for their links) and the router: the imports point one way, from here to the screens to
 * the table. Typed by the table's ids, so a screen added there without a component here does not compile.
 */
import { Spinner } from '@wordpress/components';
import { lazy, Suspense } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { JSX } from 'react';
import { ApiKeysScreen } from '../api-keys/index.js';
import { CheckboxesScreen } from '../checkboxes/index.js';
import { CouponsScreen } from '../coupons/index.js';
import { DsaNoticesScreen } from '../compliance/dsa-notices.js';
import { GreenClaimsScreen } from '../compliance/green-claims.js';
import { ProductSafetyScreen } from '../compliance/product-safety.js';
import { ConsentLogScreen } from '../consent-log/index.js';
import { DashboardScreen } from '../dashboard/index.js';
import { FacetsScreen } from '../facets/index.js';
import { MessagesScreen, WithdrawalsScreen } from '../inbox/index.js';
import { ErasureRequestsScreen } from '../users/erasure-requests.js';
import { InvoicesScreen } from '../invoices/index.js';
import { LegalPagesScreen } from '../legal-pages/index.js';
import { MailLogScreen } from '../mail-log/index.js';
import { MediaList } from '../media-list/index.js';
import { OrdersScreen } from '../orders/index.js';
import { OrderView } from '../orders/order-view/index.js';
import { PagesList } from '../pages-list/index.js';
import { ProductEditor } from '../product-editor/index.js';
import { ProductsScreen } from '../products/index.js';
import { ProfileScreen } from '../profile/index.js';
import { SettingsScreen } from '../settings/index.js';
import { UsersScreen } from '../users/index.js';
import { WizardScreen } from '../wizard/index.js';
import type { AdminScreenId } from './admin-screens.js';
import type { StartData } from './start-data.js';

/**
 * The block editor and its blocks are most of the admin's script; loaded when a page is first opened for editing, so
 * that every other screen starts without them.
 */
const PageEditor = lazy(() => import('../page-editor/index.js').then((module) => ({ default: module.PageEditor })));

function EditorLoading(): JSX.Element {
  return (
    <p role="status">
      <Spinner />
      {__('Loading the editor…')}
    </p>
  );
}

export interface ScreenProps {
  /** What followed `/admin/<id>/` in the address, or null. */
  part: string | null;
  start: StartData;
}

export const SCREEN_VIEWS: Record<AdminScreenId, (props: ScreenProps) => JSX.Element> = {
  dashboard: () => <DashboardScreen />,
  orders: ({ part }) => (part === null ? <OrdersScreen /> : <OrderView key={part} id={Number(part)} />),
  invoices: () => <InvoicesScreen />,
  coupons: () => <CouponsScreen />,
  settings: ({ part }) => <SettingsScreen part={part} />,
  checkboxes: () => <CheckboxesScreen />,
  'legal-pages': () => <LegalPagesScreen />,
  facets: () => <FacetsScreen />,
  users: ({ part, start }) => (
    <UsersScreen part={part} self={start.user} mayManageUsers={start.user.capabilities.includes('manage_options')} />
  ),
  'api-keys': () => <ApiKeysScreen />,
  messages: () => <MessagesScreen />,
  withdrawals: () => <WithdrawalsScreen />,
  'erasure-requests': () => <ErasureRequestsScreen />,
  'mail-log': () => <MailLogScreen />,
  wizard: ({ part, start }) => <WizardScreen part={part} userId={start.user.id} />,
  'consent-log': () => <ConsentLogScreen />,
  // Each page opens a fresh editor (its own undo history); a new page keeps its editor when its first save gives it an
  // id.
  pages: ({ part }) =>
    part === null ? (
      <PagesList />
    ) : (
      <Suspense fallback={<EditorLoading />}>
        <PageEditor key={part} id={part === 'new' ? null : Number(part)} />
      </Suspense>
    ),
  media: () => <MediaList />,
  // As pages: a new product keeps its editor when its first save gives it an id.
  products: ({ part }) =>
    part === null ? <ProductsScreen /> : <ProductEditor key={part} id={part === 'new' ? null : Number(part)} />,
  'dsa-notices': () => <DsaNoticesScreen />,
  'green-claims': () => <GreenClaimsScreen />,
  'product-safety': () => <ProductSafetyScreen />,
  profile: ({ start }) => <ProfileScreen locale={start.user.locale} />,
};
