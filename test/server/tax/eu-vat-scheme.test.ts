// Which VAT scheme a sale falls under, for every kind of buyer and destination: Polish VAT at home, for a company with
// a Polish NIP and for a foreign consumer with OSS off; the consumer's country's rates with OSS on; 0% for a company
// with another member state's VAT number (confirmed or not by VIES); the destination's own rates outside the EU.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EU_MEMBER_STATES, saleTaxation } from '../../../server/tax/eu-vat-scheme.js';

const to = (country: string) => ({ country, postcode: '12345' });
const consumer = { business: false, euVatNumber: null };
const polishCompany = { business: true, euVatNumber: null };
const germanCompany = (verified: boolean) => ({ business: true, euVatNumber: { number: 'DE136695976', verified } });
const HOME = { country: 'PL', postcode: '' };

describe('saleTaxation', () => {
  it('taxes goods staying in Poland in Poland, whoever buys', () => {
    for (const buyer of [consumer, polishCompany, germanCompany(true)])
      for (const ossEnabled of [false, true])
        assert.deepEqual(saleTaxation({ destination: to('PL'), ossEnabled, ...buyer }), {
          scheme: null,
          place: to('PL'),
        });
  });

  it("taxes a consumer in every other member state at that state's rates with OSS on, at Polish ones with it off", () => {
    assert.equal(EU_MEMBER_STATES.length, 27);
    for (const country of EU_MEMBER_STATES.filter((state) => state !== 'PL')) {
      assert.deepEqual(saleTaxation({ destination: to(country), ossEnabled: true, ...consumer }), {
        scheme: { kind: 'oss', country },
        place: to(country),
      });
      assert.deepEqual(saleTaxation({ destination: to(country), ossEnabled: false, ...consumer }), {
        scheme: null,
        place: HOME,
      });
    }
  });

  it('never treats a company with a Polish NIP as an OSS consumer', () => {
    assert.deepEqual(saleTaxation({ destination: to('DE'), ossEnabled: true, ...polishCompany }), {
      scheme: null,
      place: HOME,
    });
  });

  it('makes goods for a company with an EU VAT number an intra-Community supply, saying whether VIES confirmed it', () => {
    for (const verified of [true, false])
      assert.deepEqual(saleTaxation({ destination: to('FR'), ossEnabled: false, ...germanCompany(verified) }).scheme, {
        kind: 'intra_community_supply',
        vat_number: 'DE136695976',
        vies: verified ? 'valid' : 'unverified',
      });
  });

  it("leaves goods leaving the EU to the destination's own rates (none by default: an export)", () => {
    for (const buyer of [consumer, germanCompany(true)])
      assert.deepEqual(saleTaxation({ destination: to('US'), ossEnabled: true, ...buyer }), {
        scheme: null,
        place: to('US'),
      });
  });
});
