/**
 * The Settings forms' words: each setting's label (its title in the discovery index, the one the form shows) and a
 * sentence for a refused value made from its declared type and bounds, e.g. "Omnibus look-back in days must be a
 * whole number from 1 to 365." Bounds are written the shop's way (1 000 000 in a Polish shop). No I/O.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { ArgDescription } from '../../api/discovery.js';
import type { FieldWords, FormWords } from '../data/field-sentences.js';
import { formatShopNumber } from '../locale/shop-number.js';

function sentenceOf(label: string, arg: ArgDescription): FieldWords['sentence'] {
  const bounds = () => [formatShopNumber(arg.minimum ?? 0), formatShopNumber(arg.maximum ?? 0)] as const;
  switch (arg.type) {
    case 'integer':
      return () => sprintf(__('%1$s must be a whole number from %2$s to %3$s.'), label, ...bounds());
    case 'number':
      return () => sprintf(__('%1$s must be a number from %2$s to %3$s.'), label, ...bounds());
    case 'boolean':
      return () => sprintf(__('%s must be switched on or off.'), label);
    default:
      return (reason) => {
        if (arg.enum && /must be one of/.test(reason))
          return sprintf(__('Choose one of the values offered for %s.'), label);
        if (arg.maxLength !== undefined && /at most/.test(reason))
          return sprintf(__('%1$s can be at most %2$s characters long.'), label, formatShopNumber(arg.maxLength));
        return null;
      };
  }
}

/**
 * @example settingWords({ omnibus_days: { type: 'integer', title: 'Omnibus look-back in days', minimum: 1, maximum:
 * 365, required: false } })
 */
export function settingWords(args: Record<string, ArgDescription>): FormWords {
  return Object.fromEntries(
    Object.entries(args).map(([name, arg]) => {
      const label = arg.title ?? name;
      return [name, { label, sentence: sentenceOf(label, arg) }];
    }),
  );
}
