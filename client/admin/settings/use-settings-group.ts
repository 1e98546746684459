/**
 * One settings group as a form's state: the saved values, the draft the manager types, what changed, and the save.
 * A save sends only the changed keys; the server applies all of them or none, and on a refusal the draft stays as
 * typed, with the server's message for each refused key.
 */
import apiFetch from '@wordpress/api-fetch';
import { useEffect, useState } from '@wordpress/element';
import type { ArgDescription } from '../data/route-schema.js';
import type { RestErrorBody } from '../data/types.js';
import { toRequestValue, type DraftValue } from './setting-field.js';

type Values = Record<string, string | number | boolean>;

const asDraft = (values: Values): Record<string, DraftValue> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]));

export function useSettingsGroup(group: string, args: Record<string, ArgDescription> | null) {
  const [saved, setSaved] = useState<Record<string, DraftValue> | null>(null);
  const [draft, setDraft] = useState<Record<string, DraftValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setSaved(null);
    apiFetch<{ settings: Values }>({ path: `/compliance/v1/settings/${group}` }).then((answer) => {
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
      await apiFetch({ path: `/compliance/v1/settings/${group}`, method: 'POST', data: body });
      const fresh = await apiFetch<{ settings: Values }>({ path: `/compliance/v1/settings/${group}` });
      setSaved(asDraft(fresh.settings));
      setDraft(asDraft(fresh.settings));
      setErrors({});
      setMessage({ status: 'success', text: 'saved' });
      return true;
    } catch (error) {
      const body = error as Partial<RestErrorBody>;
      setErrors(body.data?.params ?? {});
      setMessage({ status: 'error', text: body.message ?? String(error) });
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
