/**
 * One settings group as a form's state: the saved values, the draft the manager types, what changed, and the save.
 * A save sends only the changed keys; the server applies all of them or none, and on a refusal the draft stays as
 * typed, with a sentence for each refused key (setting-words.ts). Numbers are drafted the shop's way ("0,5"); saving
 * the General group sets the locale, time zone and currency the whole admin writes in. The form's state and save:
 * use-draft-form.ts.
 */
import type { SettingValue } from '../../api/compliance.js';
import type { ArgDescription } from '../../api/discovery.js';
import { useDraftForm } from '../components/use-draft-form.js';
import { getSettingsGroup, saveSettingsGroup } from '../data/compliance-api.js';
import { fieldSentences } from '../data/field-sentences.js';
import { setShopLocale } from '../locale/shop-locale.js';
import { toFieldNumber } from '../locale/shop-number.js';
import { toRequestValue, type DraftValue } from './setting-values.js';
import { settingWords } from './setting-words.js';

type Values = Record<string, SettingValue>;
type Draft = Record<string, DraftValue>;

const asDraft = (values: Values): Draft =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? toFieldNumber(value) : value]),
  );

const changedKeys = (draft: Draft, saved: Draft) => Object.keys(draft).filter((key) => draft[key] !== saved[key]);

export function useSettingsGroup(group: string, args: Record<string, ArgDescription> | null) {
  const form = useDraftForm<Draft>(
    {
      load: async () => asDraft((await getSettingsGroup(group)).settings),
      send: async (draft, saved) => {
        const body = Object.fromEntries(
          changedKeys(draft, saved).map((key) => [key, toRequestValue(args![key]!, draft[key]!)]),
        );
        await saveSettingsGroup(group, body);
        const fresh = await getSettingsGroup(group);
        if (group === 'general') {
          const { locale, timezone, currency } = fresh.settings;
          setShopLocale({ locale: String(locale), timeZone: String(timezone), currency: String(currency) });
        }
        return asDraft(fresh.settings);
      },
      fieldErrors: (reasons) => fieldSentences(reasons, settingWords(args!)),
    },
    [group],
  );

  return {
    loaded: form.saved !== null,
    draft: form.draft ?? {},
    errors: form.errors,
    message: form.message,
    saving: form.saving,
    dirty: form.saved !== null && form.draft !== null && changedKeys(form.draft, form.saved).length > 0,
    setValue: (key: string, value: DraftValue) => form.change((current) => ({ ...current, [key]: value })),
    // The fields' descriptions name what each value is sent as; without them there is nothing to send.
    save: () => (args ? form.save() : Promise.resolve(false)),
  };
}
