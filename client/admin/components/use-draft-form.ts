/**
 * A form over one saved thing (a settings group, the shipping zones): the saved value, the draft the manager edits,
 * and the save. The server applies a save whole or not at all: accepted, what it now holds becomes both the saved
 * value and the draft; refused, the draft stays as typed, with the server's message and its reasons by field. The
 * saved value is read again when `deps` change (another settings group); an answer that comes after that is dropped.
 * @example
 * const form = useDraftForm({ load: readZones, send: (draft) => saveZones(draft) }, []);
 * form.change((zones) => [...zones, newZone]); await form.save();
 */
import { useEffect, useState } from '@wordpress/element';
import { toRestRequestError } from '../data/rest-error.js';

export interface DraftFormMessage {
  status: 'success' | 'error';
  /** The server's message for a refused save; empty after a saved one. */
  text: string;
}

export interface DraftFormSource<Draft> {
  /** Reads the saved value, as the form drafts it. */
  load: () => Promise<Draft>;
  /** Sends the draft (`saved` is there to send only what changed); answers the saved value as the server now has it. */
  send: (draft: Draft, saved: Draft) => Promise<Draft>;
  /** The server's reasons by field as the form words them; without it, the server's own. */
  fieldErrors?: (reasons: Record<string, string>) => Record<string, string>;
}

export function useDraftForm<Draft>(source: DraftFormSource<Draft>, deps: readonly unknown[]) {
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<DraftFormMessage | null>(null);
  const [saving, setSaving] = useState(false);

  const settle = (value: Draft) => {
    setSaved(value);
    setDraft(value);
    setErrors({});
  };

  useEffect(() => {
    let live = true;
    setSaved(null);
    source.load().then((value) => {
      if (!live) return;
      settle(value);
      setMessage(null);
    });
    return () => {
      live = false;
    };
    // `source` is a new object each render; what its `load` reads is in `deps`.
  }, deps);

  /** @returns whether the server saved the draft */
  const save = async (): Promise<boolean> => {
    if (saved === null || draft === null) return false;
    setSaving(true);
    setMessage(null);
    try {
      settle(await source.send(draft, saved));
      setMessage({ status: 'success', text: '' });
      return true;
    } catch (caught) {
      const error = toRestRequestError(caught);
      setErrors(source.fieldErrors ? source.fieldErrors(error.fields) : error.fields);
      setMessage({ status: 'error', text: error.message });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    /** Null until the saved value has been read. */
    saved,
    draft,
    errors,
    message,
    saving,
    /** Changes the draft (once it is read). */
    change: (update: (current: Draft) => Draft) =>
      setDraft((current) => (current === null ? current : update(current))),
    save,
  };
}
