/**
 * One settings group as a form's state: the saved values, the draft the manager types, what changed, and the save.
 * A save sends only the changed keys; the server applies all of them or none, and on a refusal the draft stays as
 * typed, with a sentence for each refused key (setting-words.ts). Numbers are drafted the shop's way ("0,5"); saving
 * the General group sets the locale, time zone and currency the whole admin writes in.
 */
import { useEffect, useState } from '@wordpress/element';
import type { SettingValue } from '../../api/compliance.js';
import type { ArgDescription } from '../../api/discovery.js';
import { getSettingsGroup, saveSettingsGroup } from '../data/compliance-api.js';
import { fieldSentences } from '../data/field-sentences.js';
import { toRestRequestError } from '../data/rest-error.js';
import { setShopLocale } from '../locale/shop-locale.js';
import { toFieldNumber } from '../locale/shop-number.js';
import { toRequestValue, type DraftValue } from './setting-values.js';
import { settingWords } from './setting-words.js';

type Values = Record<string, SettingValue>;

const asDraft = (values: Values): Record<string, DraftValue> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? toFieldNumber(value) : value]));

export function useSettingsGroup(group: string, args: Record<string, ArgDescription> | null) {
  const [saved, setSaved] = useState<Record<string, DraftValue> | null>(null);
  const [draft, setDraft] = useState<Record<string, DraftValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setSaved(null);
    getSettingsGroup(group).then((answer) => {
      if (!live) return;
      setSaved(asDraft(answer.settings));
      setDraft(asDraft(answer.settings));
      setErrors({});
      setMessage(null);
    });
    return () => {
      live = false;
    };
  }, [group]);

  const changedKeys = saved ? Object.keys(draft).filter((key) => draft[key] !== saved[key]) : [];

  const save = async (): Promise<boolean> => {
    if (!args || !saved) return false;
    setSaving(true);
    setMessage(null);
    try {
      const body = Object.fromEntries(changedKeys.map((key) => [key, toRequestValue(args[key]!, draft[key]!)]));
      await saveSettingsGroup(group, body);
      const fresh = await getSettingsGroup(group);
      if (group === 'general') {
        const { locale, timezone, currency } = fresh.settings;
        setShopLocale({ locale: String(locale), timeZone: String(timezone), currency: String(currency) });
      }
      setSaved(asDraft(fresh.settings));
      setDraft(asDraft(fresh.settings));
      setErrors({});
      setMessage({ status: 'success', text: 'saved' });
      return true;
    } catch (caught) {
      const error = toRestRequestError(caught);
      setErrors(fieldSentences(error.fields, settingWords(args)));
      setMessage({ status: 'error', text: error.message });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    loaded: saved !== null,
    draft,
    errors,
    message,
    saving,
    dirty: changedKeys.length > 0,
    setValue: (key: string, value: DraftValue) => setDraft((current) => ({ ...current, [key]: value })),
    save,
  };
}
