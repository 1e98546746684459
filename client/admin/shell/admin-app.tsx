/**
 * The admin shell: a header with the navigation the user's capabilities allow, the signed-in user and a logout
 * form (a real form with the CSRF token, as the storefront's), and the current screen.
 */
import { __, sprintf } from '@wordpress/i18n';
import { AdminLink } from './admin-link.js';
import { ADMIN_SCREEN_IDS, ADMIN_SCREENS, screenPath, type AdminScreenId, type Capability } from './admin-screens.js';
import { SCREEN_VIEWS } from './screen-views.js';
import type { StartData } from './start-data.js';
import { useRoute } from './use-route.js';

function ScreenView({ id, part, start, may }: { id: AdminScreenId; part: string | null; start: StartData; may: (capability: Capability) => boolean }) {
  const screen = ADMIN_SCREENS[id];
  if (!may(screen.capability)) return screen.refusal === null ? null : <p>{screen.refusal}</p>;
  const View = SCREEN_VIEWS[id];
  return <View part={part} start={start} />;
}

export function AdminApp({ start }: { start: StartData }) {
  const route = useRoute();
  const may = (capability: Capability) => start.user.capabilities.includes(capability);
  // The start screen: a manager's is the dashboard, an editor's the pages.
  const screen = route.screen === 'home' ? (may('manage_shop') ? 'dashboard' : 'pages') : route.screen;
  return (
    <div className="vitrine-admin__frame">
      <header className="vitrine-admin__header">
        <a className="vitrine-admin__site" href="/">{start.shopName}</a>
        <nav aria-label={__('Admin')} className="vitrine-admin__nav">
          {ADMIN_SCREEN_IDS.filter((id) => ADMIN_SCREENS[id].inHeader && may(ADMIN_SCREENS[id].capability)).map((id) => (
            <AdminLink key={id} href={screenPath(id)} current={screen === id}>{ADMIN_SCREENS[id].title}</AdminLink>
          ))}
        </nav>
        <span className="vitrine-admin__user">{sprintf(__('Signed in as %s'), start.user.display_name)}</span>
        <form method="post" action="/logout" className="vitrine-admin__logout">
          <input type="hidden" name={start.csrfField} value={start.csrfToken} />
          <button type="submit" className="components-button is-tertiary">{__('Log out')}</button>
        </form>
      </header>
      <main className="vitrine-admin__main" id="admin-main">
        {!may('edit_pages') && !may('manage_shop') && <p>{__('There is nothing here for your account yet.')}</p>}
        {screen === 'not-found' ? (
          <p>{__('This admin screen does not exist.')}</p>
        ) : (
          <ScreenView id={screen} part={'part' in route ? route.part : null} start={start} may={may} />
        )}
      </main>
    </div>
  );
}
