// The shop an invoice test issues from: default settings with a seller NIP, the default Polish tax rates.
import type { SiteData } from '../../../server/store/schema.js';
import { defaultSettings } from '../../../server/store/settings-schema.js';
import { defaultTaxes } from '../../../server/store/tax-defaults.js';

/** A valid NIP (its check digit is right) for the seller, and one for a company buyer. */
export const SELLER_NIP = '5260250274';
export const BUYER_NIP = '1234563218';

export function invoiceSite(): Pick<SiteData, 'settings' | 'taxes'> {
  const settings = defaultSettings();
  settings.general.company_name = 'Sklep Łąka Sp. z o.o.';
  settings.general.company_address = 'ul. Świętokrzyska 12, 00-916 Warszawa';
  settings.general.company_tax_id = `PL ${SELLER_NIP}`;
  settings.checkout.bank_iban = 'PL61 1090 1014 0000 0712 1981 2874';
  return { settings, taxes: defaultTaxes() };
}
