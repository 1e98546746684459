/**
 * Derived structures (lookups, trees) built once per catalog array. Imports replace an array whole, never change it
 * in place, so a new array is the signal to rebuild; a WeakMap lets the old structure go with the old array.
 *
 * @example const lookup = memoizeByArray((products: readonly Product[]) => new Map(products.map((p) => [p.id, p])));
 */
export function memoizeByArray<T, R>(build: (items: readonly T[]) => R): (items: readonly T[]) => R {
  const built = new WeakMap<readonly T[], R>();
  return (items) => {
    let result = built.get(items);
    if (result === undefined) {
      result = build(items);
      built.set(items, result);
    }
    return result;
  };
}
