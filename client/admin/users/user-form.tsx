/**
 * The modals of the Users screen: add a user, change a user's role, reset a password. Each sends one wp/v2 request;
 * the server's message for each field shows under it, and nothing typed is lost on a refusal. A generated password
 * stays visible so the administrator can pass it on.
 */
import { Button, Modal, Notice, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestUser, RestUserRole } from '../../api/users.js';
import { fieldSentences, refusalSummary } from '../data/field-sentences.js';
import { toRestRequestError } from '../data/rest-error.js';
import { createUser, updateUser } from '../data/users-api.js';
import { generatePassword, ROLE_LABELS } from './roles-and-passwords.js';
import { PASSWORD_RULE, userFieldOf, USER_WORDS } from './user-words.js';
import { withError } from '../components/with-error.js';

export type UserFormMode = { kind: 'create' } | { kind: 'role'; user: RestUser } | { kind: 'password'; user: RestUser };

const roleOptions = Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }));

export function UserForm({ mode, onClose, onSaved }: { mode: UserFormMode; onClose(): void; onSaved(): void }) {
  const user = mode.kind === 'create' ? null : mode.user;
  const [fields, setFields] = useState({
    username: '',
    email: '',
    name: '',
    role: user?.roles[0] ?? ('customer' as RestUserRole),
    password: mode.kind === 'role' ? '' : generatePassword(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<typeof fields>) => setFields((current) => ({ ...current, ...change }));
  const title =
    mode.kind === 'create'
      ? __('Add user')
      : mode.kind === 'role'
        ? sprintf(__('Change the role of %s'), user!.username)
        : sprintf(__('Reset the password of %s'), user!.username);
  const submit = async () => {
    setBusy(true);
    try {
      const roles = [fields.role];
      if (mode.kind === 'create') {
        await createUser({
          username: fields.username,
          email: fields.email,
          name: fields.name || undefined,
          roles,
          password: fields.password,
        });
      } else if (mode.kind === 'role') {
        await updateUser(user!.id, { roles });
      } else {
        await updateUser(user!.id, { password: fields.password });
      }
      onSaved();
    } catch (caught) {
      const error = toRestRequestError(caught);
      const sentences = fieldSentences(error.fields, USER_WORDS, userFieldOf);
      setErrors(sentences);
      setMessage(refusalSummary(Object.keys(sentences).length, error.message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onRequestClose={onClose} size="medium">
      <form
        noValidate
        className="vitrine-settings__fields"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {message && (
          <Notice status="error" isDismissible={false}>
            {message}
          </Notice>
        )}
        {mode.kind === 'create' && (
          <>
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Username')}
              help={withError(errors.username, __('Lower-case letters, digits and _ . @ -'))}
              value={fields.username}
              onChange={(username) => set({ username })}
              autoComplete="off"
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="email"
              label={__('E-mail')}
              help={withError(errors.email)}
              value={fields.email}
              onChange={(email) => set({ email })}
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Name')}
              help={withError(errors.name)}
              value={fields.name}
              onChange={(name) => set({ name })}
            />
          </>
        )}
        {mode.kind !== 'password' && (
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Role')}
            help={withError(errors.role)}
            value={fields.role}
            options={roleOptions}
            onChange={(role) => set({ role: role as RestUserRole })}
          />
        )}
        {mode.kind !== 'role' && (
          <div>
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Password')}
              help={withError(errors.password, PASSWORD_RULE)}
              value={fields.password}
              onChange={(password) => set({ password })}
              autoComplete="new-password"
            />
            <Button variant="link" onClick={() => set({ password: generatePassword() })}>
              {__('Generate another password')}
            </Button>
          </div>
        )}
        <div>
          <Button variant="primary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
            {mode.kind === 'create' ? __('Add user') : __('Save')}
          </Button>{' '}
          <Button variant="tertiary" onClick={onClose}>
            {__('Cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
