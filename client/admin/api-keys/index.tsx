/**
 * The REST API keys screen: WooCommerce consumer keys for connectors (marketplaces, ERP and accounting tools) that
 * call `wc/v3`. Create one with a description and a permission (its key and secret shown once), see when each was
 * last used, revoke. A key acts as the manager who made it; administrators see everyone's.
 */
import { Button, Notice, SelectControl, Spinner, TextControl } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestApiKey, RestApiKeyPermissions, RestNewApiKey } from '../../api/api-keys.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { tableView } from '../components/table-view.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../data/api-keys-api.js';
import { errorMessage, toRestRequestError } from '../data/rest-error.js';
import { formatShopDateTime } from '../locale/shop-time.js';

const PERMISSION_LABELS: Record<RestApiKeyPermissions, string> = {
  read: __('Read'),
  write: __('Write'),
  read_write: __('Read/Write'),
};

const fields: Field<RestApiKey>[] = [
  {
    id: 'description',
    label: __('Description'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.description,
  },
  {
    id: 'truncated_key',
    label: __('Consumer key ending in'),
    getValue: ({ item }) => item.truncated_key,
    render: ({ item }) => <code>…{item.truncated_key}</code>,
  },
  {
    id: 'permissions',
    label: __('Permissions'),
    getValue: ({ item }) => item.permissions,
    render: ({ item }) => PERMISSION_LABELS[item.permissions],
  },
  { id: 'user', label: __('User'), enableGlobalSearch: true, getValue: ({ item }) => item.user },
  {
    id: 'last_access',
    label: __('Last access'),
    getValue: ({ item }) => item.last_access ?? '',
    render: ({ item }) => (item.last_access ? formatShopDateTime(item.last_access) : __('Never')),
  },
];

function NewKeyNotice({ made }: { made: RestNewApiKey }) {
  return (
    <Notice status="success" isDismissible={false}>
      <div role="status">
        <p>{sprintf(__('New API key "%s". Copy both now: they are not shown again.'), made.description)}</p>
        <p>
          {__('Consumer key:')} <code className="vitrine-secret">{made.consumer_key}</code>
        </p>
        <p>
          {__('Consumer secret:')} <code className="vitrine-secret">{made.consumer_secret}</code>
        </p>
      </div>
    </Notice>
  );
}

export function ApiKeysScreen() {
  const [items, setItems] = useState<RestApiKey[] | null>(null);
  const [description, setDescription] = useState('');
  const [permissions, setPermissions] = useState<RestApiKeyPermissions>('read');
  const [made, setMade] = useState<RestNewApiKey | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useFittingView(
    tableView({ fields: ['truncated_key', 'permissions', 'user', 'last_access'], titleField: 'description' }),
  );
  const load = useCallback(() => listApiKeys().then(setItems, (caught) => setError(errorMessage(caught))), []);
  useEffect(() => {
    load();
  }, [load]);
  const actions: Action<RestApiKey>[] = [
    {
      id: 'revoke',
      label: __('Revoke'),
      isPrimary: true,
      supportsBulk: false,
      callback: async ([item]) => {
        if (!window.confirm(sprintf(__('Revoke "%s"? Programs using it stop working at once.'), item!.description)))
          return;
        try {
          await revokeApiKey(item!.id);
          setMade(null);
        } catch (caught) {
          setError(errorMessage(caught));
        }
        await load();
      },
    },
  ];
  const create = async () => {
    setFieldError(null);
    try {
      setMade(await createApiKey(description, permissions));
      setDescription('');
      await load();
    } catch (caught) {
      const refused = toRestRequestError(caught);
      setFieldError(refused.fields.description ?? refused.message);
    }
  };
  return (
    <section className="vitrine-admin__screen" aria-labelledby="api-keys-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="api-keys-heading">{__('REST API keys')}</h1>
      </div>
      <p className="vitrine-help">
        {__(
          'For programs that use the WooCommerce REST API (wc/v3): marketplaces, ERP and accounting tools. A key acts as you, limited to its permissions.',
        )}
      </p>
      {made && <NewKeyNotice made={made} />}
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
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
          label={__('Description')}
          help={
            fieldError ? (
              <span className="vitrine-field-error" role="alert">
                {fieldError}
              </span>
            ) : undefined
          }
          value={description}
          onChange={setDescription}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Permissions')}
          value={permissions}
          options={Object.entries(PERMISSION_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(value) => setPermissions(value as RestApiKeyPermissions)}
        />
        <Button variant="primary" type="submit">
          {__('Generate API key')}
        </Button>
      </form>
      {items === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<RestApiKey>
          items={items}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(item) => String(item.id)}
        />
      )}
    </section>
  );
}
