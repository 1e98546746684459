/**
 * The Settings screen: the four groups of `compliance/v1/settings`, one form each at `/admin/settings/<group>`. Every
 * field, its type, bounds, label and help come from the discovery index (settings-routes.ts declares them from the
 * settings schema), so adding a setting on the server adds it here.
 */
import apiFetch from '@wordpress/api-fetch';
import { Button, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { useEndpointArgs } from '../data/route-schema.js';
import { useLeaveGuard } from '../shell/use-leave-guard.js';
import { navigate } from '../shell/use-route.js';
import { SettingField } from './setting-field.js';
import { useSettingsGroup } from './use-settings-group.js';

interface GroupSummary {
  id: string;
  label: string;
  description: string;
}

function GroupForm({ group }: { group: GroupSummary }) {
  const { args, error } = useEndpointArgs('compliance/v1', `/compliance/v1/settings/${group.id}`, 'POST');
  const form = useSettingsGroup(group.id, args);
  useLeaveGuard(form.dirty);
  if (error) return <Notice status="error" isDismissible={false}>{error}</Notice>;
  if (!args || !form.loaded) return <Spinner />;
  const problems = Object.keys(form.errors).length;
  return (
    <form
      className="vitrine-settings__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.save();
      }}
    >
      <p className="vitrine-help">{group.description}</p>
      {form.message?.status === 'success' && <Notice status="success" isDismissible={false}><span role="status">{__('Settings saved.')}</span></Notice>}
      {form.message?.status === 'error' && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">
            {problems
              ? sprintf(__('Nothing was saved: %d setting needs correcting.'), problems)
              : sprintf(__('Nothing was saved: %s'), form.message.text)}
          </span>
        </Notice>
      )}
      <div className="vitrine-settings__fields">
        {Object.entries(args).map(([key, arg]) => (
          <SettingField key={key} name={key} arg={arg} value={form.draft[key] ?? ''} error={form.errors[key]} onChange={(value) => form.setValue(key, value)} />
        ))}
      </div>
      <Button variant="primary" type="submit" isBusy={form.saving} disabled={form.saving} accessibleWhenDisabled>
        {sprintf(__('Save %s settings'), group.label)}
      </Button>
      {form.dirty && <span className="vitrine-editor__state"> {__('Unsaved changes')}</span>}
    </form>
  );
}

export function SettingsScreen({ part }: { part: string | null }) {
  const [groups, setGroups] = useState<GroupSummary[] | null>(null);
  useEffect(() => {
    apiFetch<{ groups: GroupSummary[] }>({ path: '/compliance/v1/settings' }).then((answer) => setGroups(answer.groups));
  }, []);
  const current = groups?.find((group) => group.id === part) ?? groups?.[0];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="settings-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="settings-heading">{__('Settings')}</h1>
      </div>
      {!groups || !current ? (
        <Spinner />
      ) : (
        <>
          <nav aria-label={__('Settings groups')} className="vitrine-subnav">
            {groups.map((group) => (
              <a
                key={group.id}
                href={`/admin/settings/${group.id}`}
                aria-current={group.id === current.id ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(`/admin/settings/${group.id}`);
                }}
              >
                {group.label}
              </a>
            ))}
          </nav>
          <h2>{current.label}</h2>
          <GroupForm key={current.id} group={current} />
        </>
      )}
    </section>
  );
}
