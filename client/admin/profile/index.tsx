/**
 * The Profile screen (everyone who may open the admin, from the header's "Signed in as"): the language of the user's
 * own admin, WordPress's user `locale`, saved through wp/v2/users/me. The admin then loads again in it, as WordPress's
 * profile does: its strings' translation is loaded before any screen (i18n/admin-language.ts).
 */
import { Button, SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { AdminLocale } from '../../api/users.js';
import { withError } from '../components/with-error.js';
import { errorMessage } from '../data/rest-error.js';
import { updateOwnLocale } from '../data/users-api.js';
import { ADMIN_LOCALE_OPTIONS } from './admin-locales.js';

export function ProfileScreen({ locale }: { locale: AdminLocale }) {
  const [chosen, setChosen] = useState<AdminLocale>(locale);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await updateOwnLocale(chosen);
      window.location.reload();
    } catch (caught) {
      setError(errorMessage(caught));
      setSaving(false);
    }
  };
  return (
    <section className="vitrine-admin__screen" aria-labelledby="profile-heading">
      <h1 id="profile-heading">{__('Profile')}</h1>
      <form
        className="vitrine-filters"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Language of the admin')}
          help={withError(
            error ?? undefined,
            __('The admin’s words and the dates’ month names. Numbers and times stay the shop’s.'),
          )}
          value={chosen}
          options={ADMIN_LOCALE_OPTIONS}
          onChange={(value) => setChosen(value as AdminLocale)}
        />
        <Button type="submit" variant="primary" isBusy={saving} disabled={saving} __next40pxDefaultSize>
          {__('Save changes')}
        </Button>
      </form>
    </section>
  );
}
