/**
 * How long a throttled visitor must wait, in the words a page shows beside the Retry-After header (which counts
 * seconds): whole minutes, rounded up, never fewer than one.
 * @example minutesToWait(61) === '2 minutes'
 */
export function minutesToWait(seconds: number): string {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} minute${count === 1 ? '' : 's'}`;
}
