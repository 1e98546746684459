/**
 * The admin shell: a header with the signed-in user and a logout form (a real form with the CSRF token, as the
 * storefront's), the navigation the user's capabilities allow (admin-nav.tsx), and the current screen.
 */
import { Button } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { menu } from '@wordpress/icons';
import { AdminNav } from './admin-nav.js';
import { AdminLink } from './admin-link.js';
import { ADMIN_SCREENS, screenPath, type AdminScreenId, type Capability } from './admin-screens.js';
import { SCREEN_VIEWS } from './screen-views.js';
import type { StartData } from './start-data.js';
import { useRoute } from './use-route.js';

function ScreenView({
  id,
  part,
  start,
  may,
}: {
  id: AdminScreenId;
  part: string | null;
  start: StartData;
  may: (capability: Capability) => boolean;
}) {
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
  const [menuOpen, setMenuOpen] = useState(false);
  // Another screen closes the phone's menu.
  useEffect(() => setMenuOpen(false), [screen]);
  return (
    <div className="vitrine-admin__frame">
      <header className="vitrine-admin__header">
        <Button
          className="vitrine-admin__menu-button"
          icon={menu}
          label={__('Menu')}
          aria-controls="admin-nav"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        />
        <a className="vitrine-admin__site" href="/">
          {start.shopName}
        </a>
        <span className="vitrine-admin__user">
          <AdminLink href={screenPath('profile')} current={screen === 'profile'}>
            {sprintf(__('Signed in as %s'), start.user.display_name)}
          </AdminLink>
        </span>
        <form method="post" action="/logout" className="vitrine-admin__logout">
          <input type="hidden" name={start.csrfField} value={start.csrfToken} />
          <button type="submit" className="components-button is-tertiary">
            {__('Log out')}
          </button>
        </form>
      </header>
      <div className="vitrine-admin__body">
        <AdminNav current={screen} may={may} open={menuOpen} onFollow={() => setMenuOpen(false)} />
        <main className="vitrine-admin__main" id="admin-main">
          {!may('edit_pages') && !may('manage_shop') && <p>{__('There is nothing here for your account yet.')}</p>}
          {screen === 'not-found' ? (
            <p>{__('This admin screen does not exist.')}</p>
          ) : (
            <ScreenView id={screen} part={'part' in route ? route.part : null} start={start} may={may} />
          )}
        </main>
      </div>
    </div>
  );
}
