/**
 * Shipping and payment of the demo shop: two zones (Poland with a courier, free delivery from 200 zł and
 * pickup in the shop; the rest of the EU with an international courier), a cash-on-delivery fee, and a bank account
 * for bank-transfer orders, so that a fresh `npm start` shows costs in the cart and the account on the confirmation.
 * The IBAN is the check-digit-valid example that Polish banks print in their documentation, not a real shop's.
 */
import { EU_COUNTRY_CODES } from '../../client/api/countries.js';
import { translatorOfLocale } from '../i18n/translator.js';
import type { SiteData } from '../store/schema.js';

/** Seeds the zones and methods named in the shop's language; once stored, the names are the manager's to change. */
export function seedShippingDemo(site: SiteData): void {
  const { t } = translatorOfLocale(site.settings.general.locale);
  site.shipping_zones = [
    {
      id: 1,
      name: t('seed.zoneDomestic'),
      countries: ['PL'],
      methods: [
        // First, so that from 200 zł the checkout pre-selects it (it takes a zone's first method offered).
        { id: 2, type: 'free_shipping', title: t('seed.freeCourier'), cost: 0, min_amount: 200 },
        { id: 1, type: 'flat_rate', title: t('seed.courier'), cost: 14.99, min_amount: 0 },
        { id: 3, type: 'local_pickup', title: t('seed.pickup'), cost: 0, min_amount: 0 },
      ],
    },
    {
      id: 2,
      name: t('seed.zoneEu'),
      countries: EU_COUNTRY_CODES.filter((code) => code !== 'PL'),
      methods: [{ id: 4, type: 'flat_rate', title: t('seed.internationalCourier'), cost: 39.99, min_amount: 0 }],
    },
  ];
  Object.assign(site.settings.checkout, {
    cod_fee: 5,
    bank_account_holder: 'Vitrine Sp. z o.o.',
    bank_iban: 'PL61109010140000071219812874',
    bank_bic: 'WBKPPLPP',
    bank_name: 'Santander Bank Polska',
  });
}
