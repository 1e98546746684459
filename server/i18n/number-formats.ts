/**
 * Number formats made once per locale and kind: constructing an `Intl.NumberFormat` costs far more than formatting
 * with one (tens of microseconds against a fraction of one), and a results page formats a rating and a price on each
 * of its two dozen cards. A shop writes in one locale at a time, so each map holds a handful of entries.
 */

/** How a number is written: the options of each kind, named so that a kind is looked up without building a key. */
const KINDS = {
  /** A rating: one decimal always (`4,0`). */
  rating: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  /** A quantity of a unit price's reference: up to three decimals (`0,5`, `1`). */
  quantity: { maximumFractionDigits: 3 },
} satisfies Record<string, Intl.NumberFormatOptions>;

const made = new Map<string, Intl.NumberFormat>();

/**
 * The shared format of a kind in a locale.
 *
 * @example numberFormat('pl-PL', 'rating').format(4) === '4,0'
 */
export function numberFormat(locale: string | undefined, kind: keyof typeof KINDS): Intl.NumberFormat {
  const key = `${kind}|${locale ?? ''}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.NumberFormat(locale, KINDS[kind])));
  return format;
}
