/** The numbers customers are told, the same whichever store keeps the records. */

/** @example orderNumber(42) === 'VT-000042' */
export function orderNumber(id: number): string {
  return `VT-${String(id).padStart(6, '0')}`;
}

/** @example withdrawalReference(7) === 'WD-000007' */
export function withdrawalReference(id: number): string {
  return `WD-${String(id).padStart(6, '0')}`;
}
