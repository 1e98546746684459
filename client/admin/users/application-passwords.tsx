/**
 * One account's application passwords (for integrations that call the REST API): create one, shown once; the list
 * with when and from where each was last used; revoke.
 */
import { Button, Notice, Spinner, TextControl } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestApplicationPassword } from '../../api/users.js';
import { toRestRequestError } from '../data/rest-error.js';
import { createApplicationPassword, listApplicationPasswords, revokeApplicationPassword } from '../data/users-api.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { formatShopDateTime } from '../locale/shop-time.js';

const fields: Field<RestApplicationPassword>[] = [
  { id: 'name', label: __('Name'), enableHiding: false, getValue: ({ item }) => item.name },
  {
    id: 'created',
    label: __('Created'),
    getValue: ({ item }) => item.created,
    render: ({ item }) => formatShopDateTime(item.created),
  },
  {
    id: 'last_used',
    label: __('Last used'),
    getValue: ({ item }) => item.last_used ?? '',
    render: ({ item }) => (item.last_used ? formatShopDateTime(item.last_used) : __('Never')),
  },
  { id: 'last_ip', label: __('Last IP'), getValue: ({ item }) => item.last_ip ?? '—' },
];

export function ApplicationPasswords({ userId, username }: { userId: number; username: string }) {
  const [items, setItems] = useState<RestApplicationPassword[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useFittingView(
    tableView({ fields: ['created', 'last_used', 'last_ip'], titleField: 'name' }),
  );
  const load = useCallback(() => listApplicationPasswords(userId).then(setItems), [userId]);
  useEffect(() => {
    load();
  }, [load]);
  const actions: Action<RestApplicationPassword>[] = [
    {
      id: 'revoke',
      label: __('Revoke'),
      isPrimary: true,
      supportsBulk: false,
      callback: async ([item]) => {
        if (!window.confirm(sprintf(__('Revoke "%s"? Integrations using it stop working at once.'), item!.name)))
          return;
        await revokeApplicationPassword(userId, item!.uuid);
        await load();
      },
    },
  ];
  const create = async () => {
    setError(null);
    try {
      const answer = await createApplicationPassword(userId, name);
      setCreated({ name: answer.name, password: answer.password });
      setName('');
      await load();
    } catch (caught) {
      const error = toRestRequestError(caught);
      setError(error.fields.name ?? error.message);
    }
  };
  return (
    <section aria-labelledby="app-passwords-heading">
      <h2 id="app-passwords-heading">{sprintf(__('Application passwords of %s'), username)}</h2>
      <p className="vitrine-help">
        {__("For programs that use the REST API in this account's name. Each can be revoked on its own.")}
      </p>
      {created && (
        <Notice status="success" isDismissible={false}>
          <span role="status">
            {sprintf(__('New application password for %s:'), created.name)}{' '}
            <code className="vitrine-secret">{created.password}</code> {__('Copy it now: it is not shown again.')}
          </span>
        </Notice>
      )}
      <form
        className="vitrine-filters"
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('New application password name')}
          help={
            error ? (
              <span className="vitrine-field-error" role="alert">
                {error}
              </span>
            ) : undefined
          }
          value={name}
          onChange={setName}
        />
        <Button variant="secondary" type="submit">
          {__('Add application password')}
        </Button>
      </form>
      {items === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<RestApplicationPassword>
          items={items}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(item) => item.uuid}
          search={false}
        />
      )}
    </section>
  );
}
