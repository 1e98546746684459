/** Binary search in sorted columns and token lists. @internal */

/** First position whose item is >= target (or > target when `after`); `sorted.length` when there is none. */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, target: T, after = false): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after ? sorted[middle]! <= target : sorted[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
