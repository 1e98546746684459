/**
 * The Users screen (administrators): every user in a DataViews table with add, change role and reset password, a
 * customer's data download and erasure (privacy-actions.tsx), and each user's application passwords at
 * `/admin/users/<id>`. Other managers reach their own application passwords.
 */
import { Button, Spinner } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { RestUser } from '../../api/users.js';
import { errorMessage } from '../data/rest-error.js';
import { erasePersonalData, listUsers } from '../data/users-api.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { ApplicationPasswords } from './application-passwords.js';
import { ADMIN_LOCALE_OPTIONS } from '../profile/admin-locales.js';
import { ROLE_LABELS } from './roles-and-passwords.js';
import { UserForm, type UserFormMode } from './user-form.js';
import { EraseDialog, erasedNotice, privacyActions } from './privacy-actions.js';
import { ScreenNotices } from '../components/screen-notices.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { formatShopDate } from '../locale/shop-time.js';

const fields: Field<RestUser>[] = [
  {
    id: 'username',
    label: __('Username'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.username,
  },
  { id: 'name', label: __('Name'), enableGlobalSearch: true, getValue: ({ item }) => item.name },
  { id: 'email', label: __('E-mail'), enableGlobalSearch: true, getValue: ({ item }) => item.email },
  {
    id: 'role',
    label: __('Role'),
    getValue: ({ item }) => item.roles[0] ?? '',
    render: ({ item }) => ROLE_LABELS[item.roles[0] ?? ''] ?? item.roles.join(', '),
    elements: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })),
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'locale',
    label: __('Language of the admin'),
    getValue: ({ item }) => item.locale,
    render: ({ item }) => ADMIN_LOCALE_OPTIONS.find((option) => option.value === item.locale)?.label ?? item.locale,
    elements: ADMIN_LOCALE_OPTIONS,
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'registered_date',
    label: __('Registered'),
    getValue: ({ item }) => item.registered_date,
    render: ({ item }) => formatShopDate(item.registered_date),
  },
];

function UserList({ selfId }: { selfId: number }) {
  const [users, setUsers] = useState<RestUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<UserFormMode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [erasing, setErasing] = useState<RestUser | null>(null);
  const [view, setView] = useFittingView(
    tableView({ fields: ['name', 'email', 'role', 'locale', 'registered_date'], titleField: 'username' }),
  );
  const load = useCallback(() => listUsers().then(setUsers, (caught) => setError(errorMessage(caught))), []);
  useEffect(() => {
    load();
  }, [load]);
  const actions: Action<RestUser>[] = [
    {
      id: 'role',
      label: __('Change role'),
      isPrimary: true,
      supportsBulk: false,
      callback: ([user]) => setForm({ kind: 'role', user: user! }),
    },
    {
      id: 'password',
      label: __('Reset password'),
      supportsBulk: false,
      callback: ([user]) => setForm({ kind: 'password', user: user! }),
    },
    {
      id: 'app-passwords',
      label: __('Application passwords'),
      supportsBulk: false,
      callback: ([user]) => navigate(screenPath('users', user!.id)),
    },
    ...privacyActions(setErasing, (message, failed) => (failed ? setError(message) : setNotice(message))),
  ];
  return (
    <>
      <div className="vitrine-admin__screen-header">
        <h1 id="users-heading">{__('Users')}</h1>
        <div>
          <Button variant="secondary" onClick={() => navigate(screenPath('users', selfId))}>
            {__('My application passwords')}
          </Button>{' '}
          <Button variant="primary" onClick={() => setForm({ kind: 'create' })}>
            {__('Add user')}
          </Button>
        </div>
      </div>
      <ScreenNotices notice={notice} error={error} />
      {users === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<RestUser>
          items={users}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(user) => String(user.id)}
        />
      )}
      {erasing && (
        <EraseDialog
          who={erasing.username}
          erase={() => erasePersonalData(erasing.id)}
          onClose={() => setErasing(null)}
          onErased={(kept) => {
            setNotice(erasedNotice(kept));
            setErasing(null);
            load();
          }}
        />
      )}
      {form && (
        <UserForm
          mode={form}
          onClose={() => setForm(null)}
          onSaved={() => {
            setNotice(
              form.kind === 'create'
                ? __('The user was added.')
                : form.kind === 'role'
                  ? __('The role was changed.')
                  : __('The password was changed.'),
            );
            setForm(null);
            load();
          }}
        />
      )}
    </>
  );
}

export function UsersScreen({
  part,
  self,
  mayManageUsers,
}: {
  part: string | null;
  self: { id: number; display_name: string };
  mayManageUsers: boolean;
}) {
  const userId = part && /^\d+$/.test(part) ? Number(part) : mayManageUsers ? null : self.id;
  return (
    <section
      className="vitrine-admin__screen"
      aria-labelledby={userId === null ? 'users-heading' : 'app-passwords-heading'}
    >
      {userId === null ? (
        <UserList selfId={self.id} />
      ) : (
        <>
          {mayManageUsers && (
            <Button variant="link" onClick={() => navigate(screenPath('users'))}>
              {__('← All users')}
            </Button>
          )}
          <ApplicationPasswords
            key={userId}
            userId={userId}
            username={userId === self.id ? self.display_name : `#${userId}`}
          />
        </>
      )}
    </section>
  );
}
