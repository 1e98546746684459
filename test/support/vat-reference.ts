/**
 * VAT worked out the slow way, as a reference for tests of the shop's tax arithmetic (server/tax/): no formula of the
 * shop's, only a search over whole grosz.
 */

/**
 * The VAT inside a gross amount (grosz) at `percent`, rounded half up, by search over whole grosz: the largest tax
 * within half a grosz of the exact share (on a tie, the upper one).
 */
export function vatInside(gross: number, percent: number): number {
  let found = 0;
  for (let tax = 0; tax * (100 + percent) <= gross * percent + 100 + percent; tax++) {
    if (Math.abs(tax * (100 + percent) - gross * percent) * 2 <= 100 + percent) found = tax;
  }
  return found;
}
