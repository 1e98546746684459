/**
 * How long a throttled visitor must wait, as the count of minutes a page's message gives beside the Retry-After header
 * (which counts seconds): whole minutes, rounded up, never fewer than one. The words are the catalogue's plural message.
 * @example minutesToWait(61) === 2
 */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
