/**
 * Growing typed arrays while an index is built: the index ends up in typed arrays, never in JS arrays of numbers,
 * which at a million products would survive into the old generation and lengthen every full GC.
 * @internal
 */

/** A copy of `array` with room for index `needed` (at least twice the length), new slots set to `fill`. */
export function grow<T extends Uint32Array | Int32Array>(array: T, needed: number, fill = 0): T {
  const larger = new (array.constructor as new (length: number) => T)(Math.max(needed + 1, array.length * 2));
  if (fill !== 0) larger.fill(fill);
  larger.set(array);
  return larger;
}
