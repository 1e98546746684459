/**
 * The admin shell: a header with the navigation the user's capabilities allow, the signed-in user and a logout
 * form (a real form with the CSRF token, as the storefront's), and the current screen.
 */
import { __, sprintf } from '@wordpress/i18n';
import { PageEditor } from '../page-editor/index.js';
import { MediaList } from '../media-list/index.js';
import { PagesList } from '../pages-list/index.js';
import { ShopNavLinks, ShopScreenView } from './shop-screens.js';
import type { StartData } from './start-data.js';
import { navigate, useRoute } from './use-route.js';

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
  return (
    <div className="vitrine-admin__frame">
      <header className="vitrine-admin__header">
        <a className="vitrine-admin__site" href="/">{start.shopName}</a>
        <nav aria-label={__('Admin')} className="vitrine-admin__nav">
          {mayEditPages && <NavLink href="/admin/pages" current={route.screen === 'pages' || route.screen === 'page-editor'}>{__('Pages')}</NavLink>}
          {mayEditPages && <NavLink href="/admin/media" current={route.screen === 'media'}>{__('Media')}</NavLink>}
          <ShopNavLinks start={start} current={route.screen} />
        </nav>
        <span className="vitrine-admin__user">{sprintf(__('Signed in as %s'), start.user.display_name)}</span>
        <form method="post" action="/logout" className="vitrine-admin__logout">
          <input type="hidden" name={start.csrfField} value={start.csrfToken} />
          <button type="submit" className="components-button is-tertiary">{__('Log out')}</button>
        </form>
      </header>
      <main className="vitrine-admin__main" id="admin-main">
        {!mayEditPages && <p>{__('There is nothing here for your account yet.')}</p>}
        {mayEditPages && route.screen === 'pages' && <PagesList />}
        {mayEditPages && route.screen === 'media' && <MediaList />}
        {mayEditPages && route.screen === 'page-editor' && <PageEditor key={route.id ?? 'new'} id={route.id} />}
        <ShopScreenView start={start} screen={route.screen} />
        {route.screen === 'not-found' && <p>{__('This admin screen does not exist.')}</p>}
      </main>
    </div>
  );
}
