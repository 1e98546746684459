/**
 * The admin's navigation, from the screen table: the screens the user may open, under their group's heading. On a
 * desktop it is a sidebar; on a phone the header's Menu button opens it over the screen (admin.css), and following a
 * link closes it.
 */
import { __ } from '@wordpress/i18n';
import { AdminLink } from './admin-link.js';
import {
  ADMIN_SCREEN_IDS,
  ADMIN_SCREENS,
  NAV_GROUPS,
  screenPath,
  type AdminScreenId,
  type Capability,
  type NavGroup,
} from './admin-screens.js';

interface AdminNavProps {
  current: AdminScreenId | 'not-found';
  may: (capability: Capability) => boolean;
  open: boolean;
  onFollow: () => void;
}

export function AdminNav({ current, may, open, onFollow }: AdminNavProps) {
  const listed = ADMIN_SCREEN_IDS.filter((id) => ADMIN_SCREENS[id].inHeader && may(ADMIN_SCREENS[id].capability));
  const groups = (Object.keys(NAV_GROUPS) as NavGroup[])
    .map((group) => ({ group, ids: listed.filter((id) => ADMIN_SCREENS[id].group === group) }))
    .filter(({ ids }) => ids.length > 0);
  return (
    // The links inside take the keyboard; a click on one (by mouse or Enter) bubbles here to close the phone menu.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the handler only observes clicks on the links it contains
    <nav
      id="admin-nav"
      aria-label={__('Admin')}
      className={`vitrine-admin__nav${open ? ' is-open' : ''}`}
      onClick={onFollow}
    >
      {groups.map(({ group, ids }) => (
        <div key={group} className="vitrine-admin__nav-group">
          <h2 className="vitrine-admin__nav-heading">{NAV_GROUPS[group]}</h2>
          <ul>
            {ids.map((id) => (
              <li key={id}>
                <AdminLink href={screenPath(id)} current={current === id}>
                  {ADMIN_SCREENS[id].title}
                </AdminLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
