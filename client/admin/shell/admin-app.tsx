/**
 * The admin shell: a header with the navigation the user's capabilities allow, the signed-in user and a logout
 * form (a real form with the CSRF token, as the storefront's), and the current screen.
 */
import { __, sprintf } from '@wordpress/i18n';
import { PageEditor } from '../page-editor/index.js';
import { MediaList } from '../media-list/index.js';
import { PagesList } from '../pages-list/index.js';
import { ShopNavLinks, ShopScreenView } from './shop-screens.js';
import { ManagerScreenView, MANAGER_NAVIGATION } from './manager-screens.js';
import type { StartData } from './start-data.js';
import { MANAGER_SCREENS, navigate, useRoute, type ManagerScreen } from './use-route.js';

function NavLink({ href, current, children }: { href: string; current: boolean; children: string }) {
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

export function AdminApp({ start }: { start: StartData }) {
  const route = useRoute();
  const mayEditPages = start.user.capabilities.includes('edit_pages');
  const mayManageShop = start.user.capabilities.includes('manage_shop');
  // The start screen: a manager's is the dashboard, an editor's the pages.
  const screen = route.screen === 'home' ? (mayManageShop ? 'dashboard' : 'pages') : route.screen;
  const managerScreen = (MANAGER_SCREENS as readonly string[]).includes(screen) ? (screen as ManagerScreen) : null;
  return (
    <div className="vitrine-admin__frame">
      <header className="vitrine-admin__header">
        <a className="vitrine-admin__site" href="/">{start.shopName}</a>
        <nav aria-label={__('Admin')} className="vitrine-admin__nav">
          {mayManageShop &&
            MANAGER_NAVIGATION.map((entry) => (
              <NavLink key={entry.screen} href={`/admin/${entry.screen}`} current={screen === entry.screen}>{entry.label}</NavLink>
            ))}
          {mayEditPages && <NavLink href="/admin/pages" current={screen === 'pages' || screen === 'page-editor'}>{__('Pages')}</NavLink>}
          {mayEditPages && <NavLink href="/admin/media" current={screen === 'media'}>{__('Media')}</NavLink>}
          <ShopNavLinks start={start} current={screen} />
        </nav>
        <span className="vitrine-admin__user">{sprintf(__('Signed in as %s'), start.user.display_name)}</span>
        <form method="post" action="/logout" className="vitrine-admin__logout">
          <input type="hidden" name={start.csrfField} value={start.csrfToken} />
          <button type="submit" className="components-button is-tertiary">{__('Log out')}</button>
        </form>
      </header>
      <main className="vitrine-admin__main" id="admin-main">
        {!mayEditPages && !mayManageShop && <p>{__('There is nothing here for your account yet.')}</p>}
        {mayEditPages && screen === 'pages' && <PagesList />}
        {mayEditPages && screen === 'media' && <MediaList />}
        {mayEditPages && route.screen === 'page-editor' && <PageEditor key={route.id ?? 'new'} id={route.id} />}
        <ShopScreenView start={start} screen={screen} />
        {managerScreen && (mayManageShop ? (
          <ManagerScreenView screen={managerScreen} part={'part' in route ? route.part : null} start={start} />
        ) : (
          <p>{__('Only shop managers can open this screen.')}</p>
        ))}
        {screen === 'not-found' && <p>{__('This admin screen does not exist.')}</p>}
      </main>
    </div>
  );
}
