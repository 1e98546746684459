/**
 * The shipping zones as the editor's state: the saved list, the draft the manager edits (amounts as typed text), the
 * save, and the server's reasons by field (`zones[0].methods[1].cost`) when it refuses one.
 */
import { useEffect, useState } from '@wordpress/element';
import type { ShippingMethodType, ShippingZone } from '../../api/shipping.js';
import { getShippingZones, saveShippingZones } from '../data/shipping-api.js';
import { toRestRequestError } from '../data/rest-error.js';
import { parseShopNumber, toFieldNumber } from '../locale/shop-number.js';

export interface MethodDraft {
  id: number;
  type: ShippingMethodType;
  title: string;
  /** The cost or, for free shipping, the minimum amount, as typed. */
  amount: string;
}

export interface ZoneDraft {
  id: number;
  name: string;
  countries: string[];
  methods: MethodDraft[];
}

const draftOf = (zones: ShippingZone[]): ZoneDraft[] =>
  zones.map((zone) => ({
    ...zone,
    countries: [...zone.countries],
    methods: zone.methods.map((method) => ({ id: method.id, type: method.type, title: method.title, amount: toFieldNumber(method.type === 'free_shipping' ? method.min_amount : method.cost) })),
  }));

/** What is sent: a number where the text reads as one, else the text, for the server to refuse by name. */
/** An amount typed the shop's way ("12,50") as a number; what is no number goes as typed, for the server to refuse by name. */
const amountOf = (text: string): unknown => parseShopNumber(text) ?? text;

const bodyOf = (zones: ZoneDraft[]) =>
  zones.map((zone) => ({
    ...zone,
    methods: zone.methods.map(({ amount, ...method }) => (method.type === 'free_shipping' ? { ...method, min_amount: amountOf(amount) } : { ...method, cost: amountOf(amount) })),
  })) as unknown as ShippingZone[];

export function useShippingZones() {
  const [saved, setSaved] = useState<ZoneDraft[] | null>(null);
  const [draft, setDraft] = useState<ZoneDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getShippingZones().then((answer) => {
      setSaved(draftOf(answer.zones));
      setDraft(draftOf(answer.zones));
    });
  }, []);

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const answer = await saveShippingZones(bodyOf(draft));
      setSaved(draftOf(answer.zones));
      setDraft(draftOf(answer.zones));
      setErrors({});
      setMessage({ status: 'success', text: '' });
    } catch (caught) {
      const error = toRestRequestError(caught);
      setErrors(error.fields);
      setMessage({ status: 'error', text: error.message });
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
    dirty: saved !== null && JSON.stringify(saved) !== JSON.stringify(draft),
    /** Changes zone `index` (or, with a function of the list, the whole list). */
    change: (update: (zones: ZoneDraft[]) => ZoneDraft[]) => setDraft((zones) => update(structuredClone(zones))),
    save,
  };
}
