/**
 * The shipping zones as the editor's state: the saved list, the draft the manager edits (amounts as typed text), the
 * save, and the server's reasons by field (`zones[0].methods[1].cost`) when it refuses one (use-draft-form.ts).
 */
import type { ShippingMethodType, ShippingZone } from '../../api/shipping.js';
import { useDraftForm } from '../components/use-draft-form.js';
import { getShippingZones, saveShippingZones } from '../data/shipping-api.js';
import { parseShopNumber, toFieldNumber } from '../locale/shop-number.js';

export interface MethodDraft {
  id: number;
  type: ShippingMethodType;
  title: string;
  /** The cost or, for free shipping, the minimum amount, as typed. */
  amount: string;
  /** Kept as saved (`none`: no VAT on it), so that saving the zones does not change it. */
  tax_status?: 'none';
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
    methods: zone.methods.map((method) => ({
      id: method.id,
      type: method.type,
      title: method.title,
      amount: toFieldNumber(method.type === 'free_shipping' ? method.min_amount : method.cost),
      ...(method.tax_status ? { tax_status: method.tax_status } : {}),
    })),
  }));

/**
 * An amount typed the shop's way ("12,50") as a number; what is no number goes as typed, for the server to refuse by
 * name.
 */
const amountOf = (text: string): unknown => parseShopNumber(text) ?? text;

const bodyOf = (zones: ZoneDraft[]) =>
  zones.map((zone) => ({
    ...zone,
    methods: zone.methods.map(({ amount, ...method }) =>
      method.type === 'free_shipping'
        ? { ...method, min_amount: amountOf(amount) }
        : { ...method, cost: amountOf(amount) },
    ),
  })) as unknown as ShippingZone[];

export function useShippingZones() {
  const form = useDraftForm<ZoneDraft[]>(
    {
      load: async () => draftOf((await getShippingZones()).zones),
      send: async (draft) => draftOf((await saveShippingZones(bodyOf(draft))).zones),
    },
    [],
  );

  return {
    loaded: form.saved !== null,
    draft: form.draft ?? [],
    errors: form.errors,
    message: form.message,
    saving: form.saving,
    dirty: form.saved !== null && JSON.stringify(form.saved) !== JSON.stringify(form.draft),
    /** Changes the list of zones (a copy: the change may edit it in place). */
    change: (update: (zones: ZoneDraft[]) => ZoneDraft[]) => form.change((zones) => update(structuredClone(zones))),
    save: form.save,
  };
}
