/** The Polish tax identification number (NIP): ten digits whose last is a weighted checksum of the other nine. */

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The ten digits of a NIP as people write it (`PL 123-456-32-18`, `1234563218`), or null when it is not one. */
export function normaliseNip(raw: string): string | null {
  const digits = raw.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return null;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]) ? digits : null;
}
