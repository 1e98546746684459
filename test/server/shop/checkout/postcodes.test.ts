// Postcodes by their country's format: written back as the country writes them, refused when they are not one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EU_COUNTRY_CODES } from '../../../../client/api/countries.js';
import { POSTCODE_FORMATS, postcodeExample, postcodeOf } from '../../../../server/shop/checkout/postcodes.js';

describe('postcodeOf', () => {
  it('writes a Polish postcode as NN-NNN, and refuses letters or the wrong count of digits', () => {
    assert.equal(postcodeOf('00-950', 'PL'), '00-950');
    assert.equal(postcodeOf('00950', 'PL'), '00-950');
    assert.equal(postcodeOf(' 00 950 ', 'PL'), '00-950');
    for (const wrong of ['ABCDE', '0095', '009500', '00-95O', '']) assert.equal(postcodeOf(wrong, 'PL'), null, wrong);
  });

  it('accepts every five digits in Polish form, and nothing that is not five digits', () => {
    const typedPostcode = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.stringMatching(/^[\d\s-]{0,8}$/),
      fc.stringMatching(/^\s?\d{2}[-\s]?\d{3}\s?$/),
    );
    fc.assert(
      fc.property(typedPostcode, (typed) => {
        const compact = typed.trim().replace(/\s+/g, ' ');
        const separated = compact.length === 6 && (compact[2] === '-' || compact[2] === ' ');
        const digits = separated ? compact.slice(0, 2) + compact.slice(3) : compact;
        const expected = /^\d{5}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : null;
        assert.equal(postcodeOf(typed, 'PL'), expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('has a format with an example for every member state, and each accepts its own example', () => {
    assert.deepEqual(Object.keys(POSTCODE_FORMATS).sort(), [...EU_COUNTRY_CODES].sort());
    for (const country of EU_COUNTRY_CODES) {
      const example = postcodeExample(country)!;
      assert.equal(postcodeOf(example, country), example, `${country} writes ${example} as it is`);
    }
  });

  it('writes postcodes the way their country does', () => {
    assert.equal(postcodeOf('10115', 'DE'), '10115');
    assert.equal(postcodeOf('1012ab', 'NL'), '1012 AB');
    assert.equal(postcodeOf('11122', 'SE'), '111 22');
    assert.equal(postcodeOf('1050', 'LV'), 'LV-1050');
    assert.equal(postcodeOf('d02x285', 'IE'), 'D02 X285');
    assert.equal(postcodeOf('1000001', 'PT'), '1000-001');
  });

  it('refuses what the country never writes', () => {
    assert.equal(postcodeOf('1012 SS', 'NL'), null);
    assert.equal(postcodeOf('0123 AB', 'NL'), null);
    assert.equal(postcodeOf('1011', 'DE'), null);
    assert.equal(postcodeOf('99000', 'ES'), null, 'Spanish postcodes start with a province number, 01 to 52');
  });

  it('takes any short code of letters and digits for a country without a format', () => {
    assert.equal(postcodeOf('sw1a 1aa', 'GB'), 'SW1A 1AA');
    assert.equal(postcodeOf('<b>', 'GB'), null);
  });
});
