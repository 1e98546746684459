// The checkout form's fields checked as one: the company and delivery parts count only while their box is ticked, and
// every address's postcode is kept as its country writes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { translator } from '../../../../server/i18n/translator.js';
import { typedValues, validateCheckoutFields } from '../../../../server/shop/checkout/checkout-fields.js';

const consumer = {
  email: 'ewa@example.com',
  first_name: 'Ewa',
  last_name: 'Kowalczyk',
  street: 'Biurowa 12',
  postcode: '00950',
  city: 'Warszawa',
  country: 'pl',
  payment_method: 'bank_transfer',
};

const check = (fields: Record<string, string>) =>
  validateCheckoutFields(typedValues(fields), 'en-GB', translator('en').t);

describe('validateCheckoutFields', () => {
  it('keeps a consumer’s postcode as Poland writes it, with no company and no delivery address', () => {
    const { details, errors } = check({ ...consumer, company: 'typed, then unticked', company_tax_id: '1' });
    assert.deepEqual(errors, {});
    assert.equal(details!.billing.postcode, '00-950');
    assert.equal(details!.billing.company, undefined);
    assert.equal(details!.company_tax_id, '');
    assert.equal(details!.shipping_address, null);
  });

  it('asks for every field of a delivery address, naming each', () => {
    const { details, errors } = check({ ...consumer, ship_elsewhere: '1', shipping_country: '' });
    assert.equal(details, null);
    assert.deepEqual(Object.keys(errors).sort(), [
      'shipping_city',
      'shipping_first_name',
      'shipping_last_name',
      'shipping_postcode',
      'shipping_street',
    ]);
    assert.equal(errors.shipping_street, 'Enter the street and number of the delivery address.');
  });

  it('keeps a delivery address with its own country and postcode, and a company with its NIP', () => {
    const { details, errors } = check({
      ...consumer,
      company_buyer: '1',
      company: 'Przykład Sp. z o.o.',
      company_tax_id: '123-456-32-18',
      ship_elsewhere: '1',
      shipping_first_name: 'Jan',
      shipping_last_name: 'Magazynier',
      shipping_street: 'Keizersgracht 1',
      shipping_postcode: '1015cj',
      shipping_city: 'Amsterdam',
      shipping_country: 'nl',
    });
    assert.deepEqual(errors, {});
    assert.equal(details!.billing.company, 'Przykład Sp. z o.o.');
    assert.equal(details!.company_tax_id, '1234563218');
    assert.deepEqual(details!.shipping_address, {
      first_name: 'Jan',
      last_name: 'Magazynier',
      street: 'Keizersgracht 1',
      postcode: '1015 CJ',
      city: 'Amsterdam',
      country: 'NL',
      phone: '',
    });
  });

  it('says which country’s format a postcode misses, with an example', () => {
    const { errors } = check({ ...consumer, postcode: 'ABCDE' });
    assert.deepEqual(errors, { postcode: 'Enter a postcode as it is written in Poland, like 00-950.' });
  });
});
