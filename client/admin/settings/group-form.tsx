/**
 * One settings group as a form: every key the discovery index declares for the group's POST (or the `only` ones),
 * drawn by its type, with the server's message beside each refused field and a warning before leaving unsaved work.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { SettingsGroupSummary } from '../../api/compliance.js';
import { useEndpointArgs } from '../data/route-schema.js';
import { useLeaveGuard } from '../shell/use-leave-guard.js';
import { setLeaveGuard } from '../shell/use-route.js';
import { SettingField } from './setting-field.js';
import { StorefrontLanguagesField } from './storefront-languages-field.js';
import { useSettingsGroup } from './use-settings-group.js';

/**
 * @param only when given, just these keys of the group (the setup wizard's company step)
 * @param onSaved called after a successful save (the wizard moves on)
 */
export function GroupForm({
  group,
  only,
  onSaved,
  saveLabel,
}: {
  group: SettingsGroupSummary;
  only?: string[];
  onSaved?(): void;
  saveLabel?: string;
}) {
  const { args, error } = useEndpointArgs('compliance/v1', `/compliance/v1/settings/${group.id}`, 'POST');
  const form = useSettingsGroup(group.id, args);
  useLeaveGuard(form.dirty);
  if (error)
    return (
      <Notice status="error" isDismissible={false}>
        {error}
      </Notice>
    );
  if (!args || !form.loaded) return <Spinner />;
  const problems = Object.keys(form.errors).length;
  return (
    <form
      className="vitrine-settings__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.save().then((saved) => {
          if (!saved) return;
          // Saved: nothing is left to lose, though the guard set while the draft was dirty is only lifted on the next
          // render.
          setLeaveGuard(null);
          onSaved?.();
        });
      }}
    >
      <p className="vitrine-help">{group.description}</p>
      {form.message?.status === 'success' && (
        <Notice status="success" isDismissible={false}>
          <span role="status">{__('Settings saved.')}</span>
        </Notice>
      )}
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
        {Object.entries(args)
          .filter(([key]) => !only || only.includes(key))
          .map(([key, arg]) =>
            key === 'storefront_languages' ? (
              <StorefrontLanguagesField
                key={key}
                arg={arg}
                value={String(form.draft[key] ?? '')}
                locale={String(form.draft.locale ?? '')}
                error={form.errors[key]}
                onChange={(value) => form.setValue(key, value)}
              />
            ) : (
              <SettingField
                key={key}
                name={key}
                arg={arg}
                value={form.draft[key] ?? ''}
                error={form.errors[key]}
                onChange={(value) => form.setValue(key, value)}
              />
            ),
          )}
      </div>
      <Button variant="primary" type="submit" isBusy={form.saving} disabled={form.saving} accessibleWhenDisabled>
        {saveLabel ?? sprintf(__('Save %s settings'), group.label)}
      </Button>
      {form.dirty && <span className="vitrine-editor__state"> {__('Unsaved changes')}</span>}
    </form>
  );
}
