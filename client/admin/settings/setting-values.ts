/** A setting's value as its form holds it, and as the form sends it. No I/O. */
import type { ArgDescription } from '../../api/discovery.js';
import { parseShopNumber } from '../locale/shop-number.js';

/** A value as the form holds it: numbers stay text while typed (the shop's way, "0,5"), so "" and "4," are not lost. */
export type DraftValue = string | boolean;

/**
 * What the form sends for a drafted value: numbers as numbers when they read as one, otherwise the text as typed, for
 * the server to refuse by name.
 */
export function toRequestValue(arg: ArgDescription, value: DraftValue): unknown {
  if ((arg.type === 'integer' || arg.type === 'number') && typeof value === 'string')
    return parseShopNumber(value) ?? value;
  return value;
}
