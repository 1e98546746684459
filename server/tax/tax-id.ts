/** Tax numbers as invoices state them: a Polish NIP as ten digits, an EU VAT number with its country prefix. */

/** A tax number without spaces, hyphens or dots, in capitals; a Polish one without its `PL` prefix. */
export function normalTaxId(text: string): string {
  const compact = text.replace(/[\s.-]/g, '').toUpperCase();
  return /^PL\d{10}$/.test(compact) ? compact.slice(2) : compact;
}

/** Whether `taxId` (normalised) is a Polish NIP: ten digits whose check digit is right. */
export function isPolishNip(taxId: string): boolean {
  if (!/^\d{10}$/.test(taxId)) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(taxId[index]), 0);
  return sum % 11 === Number(taxId[9]);
}
