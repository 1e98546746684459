// A company buyer's NIP or EU VAT number: numbers the tax administrations published as valid pass, and typing errors
// are caught as the check digit rules promise.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EU_VAT_FORMATS, euVatNumber, luhnValid } from '../../../../server/shop/checkout/eu-vat-numbers.js';
import { normaliseNip } from '../../../../server/shop/checkout/nip.js';
import { companyTaxNumber } from '../../../../server/shop/checkout/tax-numbers.js';

/** Valid numbers of every member state, as written in the documentation of their formats and in public registers. */
const KNOWN_VALID: Record<string, string[]> = {
  AT: ['ATU13585627'],
  BE: ['BE0403019261', 'BE 0776.091.951', 'BE403019261'],
  BG: ['BG175074752', 'BG7523169263', 'BG8032056031'],
  CY: ['CY10259033P'],
  CZ: ['CZ25123891', 'CZ7103192745'],
  DE: ['DE136695976'],
  DK: ['DK13585628'],
  EE: ['EE100931558', 'EE100594102'],
  EL: ['EL094259216', 'GR 094259216'],
  ES: ['ESB58378431', 'ESX5253868R', 'ESA13585625', 'ES54362315K'],
  FI: ['FI20774740'],
  FR: ['FR40303265045', 'FR23334175221'],
  HR: ['HR33392005961'],
  HU: ['HU12892312'],
  IE: ['IE6433435F', 'IE6433435OA', 'IE8D79739I'],
  IT: ['IT00743110157'],
  LT: ['LT119511515', 'LT100001919017'],
  LU: ['LU15027442'],
  LV: ['LV40003521600'],
  MT: ['MT11679112'],
  NL: ['NL004495445B01', 'NL002455799B11'],
  PT: ['PT501964843'],
  RO: ['RO18547290'],
  SE: ['SE123456789701'],
  SI: ['SI50223054'],
  SK: ['SK2022749619'],
};

/** The countries whose rule catches every change of one digit (a weighted sum modulo a prime, Luhn, ISO 7064). */
const SINGLE_DIGIT_SAFE = ['AT', 'BE', 'DE', 'DK', 'EE', 'FI', 'HR', 'HU', 'IT', 'LU', 'MT', 'SE', 'SI', 'SK'];

/** The NIP rule written as a whole-number identity: Σ weight × digit over all ten digits, the last weighted −1. */
function nipReference(digits: string): boolean {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7, -1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return (
    ((sum % 11) + 11) % 11 === 0 && weights.slice(0, 9).reduce((t, w, i) => t + w * Number(digits[i]), 0) % 11 !== 10
  );
}

describe('NIP', () => {
  it('agrees with the whole-number form of the rule for every ten digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        assert.equal(normaliseNip(digits) !== null, nipReference(digits));
      }),
      { numRuns: 2000 },
    );
  });

  it('catches every change of one digit and every swap of two neighbouring digits of a valid NIP', () => {
    const validNip = fc
      .stringMatching(/^\d{9}$/)
      .map((nine) => [...Array(10).keys()].map((check) => `${nine}${check}`).find((nip) => normaliseNip(nip)))
      .filter((nip): nip is string => nip !== undefined);
    fc.assert(
      fc.property(validNip, fc.nat(9), fc.integer({ min: 1, max: 9 }), (nip, at, by) => {
        const changed = `${nip.slice(0, at)}${(Number(nip[at]) + by) % 10}${nip.slice(at + 1)}`;
        assert.equal(normaliseNip(changed), null, `${changed} differs from ${nip} in one digit`);
        if (at < 9 && nip[at] !== nip[at + 1]) {
          const swapped = `${nip.slice(0, at)}${nip[at + 1]}${nip[at]}${nip.slice(at + 2)}`;
          assert.equal(normaliseNip(swapped), null, `${swapped} swaps two digits of ${nip}`);
        }
      }),
    );
  });
});

describe('EU VAT numbers', () => {
  it('has a format for every member state but Poland, whose NIP is checked on its own', () => {
    assert.deepEqual(Object.keys(EU_VAT_FORMATS).sort(), Object.keys(KNOWN_VALID).sort());
  });

  for (const [country, numbers] of Object.entries(KNOWN_VALID)) {
    it(`accepts valid numbers of ${country}, written with spaces, dots and dashes`, () => {
      for (const number of numbers) {
        const checked = euVatNumber(number);
        assert.ok(checked.number, `${number} is valid (${checked.problem})`);
        assert.equal(checked.number.slice(0, 2), country);
      }
    });
  }

  it('refuses each country’s valid number with its check character changed', () => {
    for (const [country, numbers] of Object.entries(KNOWN_VALID)) {
      const number = euVatNumber(numbers[0]!).number!;
      // A Dutch number ends in a branch suffix (B01) outside the check; its check digit is the ninth.
      const at = country === 'NL' ? 10 : number.length - 1;
      const check = number[at]!;
      const other = /\d/.test(check)
        ? String((Number(check) + 1) % 10)
        : check === 'Z'
          ? 'A'
          : String.fromCharCode(check.charCodeAt(0) + 1);
      const changed = `${number.slice(0, at)}${other}${number.slice(at + 1)}`;
      assert.ok(euVatNumber(changed).problem, `${country}: ${changed} differs from ${number} in its check character`);
    }
  });

  it('catches every change of one digit where the rule promises it', () => {
    for (const country of SINGLE_DIGIT_SAFE) {
      const number = euVatNumber(KNOWN_VALID[country]![0]!).number!;
      const digits = [...number.slice(2)].flatMap((char, index) => (/\d/.test(char) ? [index + 2] : []));
      for (const at of digits) {
        for (let by = 1; by <= 9; by++) {
          const changed = `${number.slice(0, at)}${(Number(number[at]) + by) % 10}${number.slice(at + 1)}`;
          assert.notEqual(euVatNumber(changed).number, changed, `${changed} differs from ${number} in one digit`);
        }
      }
    }
  });

  it('Luhn agrees with its definition on random digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2,15}$/), (digits) => {
        const sum = [...digits]
          .reverse()
          .map(Number)
          .map((digit, index) => (index % 2 ? [...String(digit * 2)].map(Number).reduce((a, b) => a + b) : digit))
          .reduce((a, b) => a + b, 0);
        assert.equal(luhnValid(digits), sum % 10 === 0);
      }),
    );
  });

  it('says whether the country, the format or the check digit is wrong', () => {
    assert.deepEqual(euVatNumber('US123456789'), { problem: 'unknown-country' });
    assert.deepEqual(euVatNumber('DE12345'), { problem: 'format' });
    assert.deepEqual(euVatNumber('DE136695977'), { problem: 'checksum' });
    assert.deepEqual(euVatNumber('PL1234563218'), { problem: 'unknown-country' }, 'a Polish number is a NIP');
  });
});

describe('companyTaxNumber', () => {
  it('takes a NIP as people write it, with or without PL, and stores its ten digits', () => {
    assert.deepEqual(companyTaxNumber('PL 123-456-32-18'), { number: '1234563218' });
    assert.deepEqual(companyTaxNumber('123 456 32 18'), { number: '1234563218' });
    assert.deepEqual(companyTaxNumber('123-456-32-19'), { problem: 'nip' });
    assert.deepEqual(companyTaxNumber('ABCDE'), { problem: 'unknown-country', country: 'AB' });
  });

  it('takes another member state’s VAT number with its prefix, and names the country of a wrong one', () => {
    assert.deepEqual(companyTaxNumber('de 136 695 976'), { number: 'DE136695976' });
    assert.deepEqual(companyTaxNumber('DE136695977'), { problem: 'checksum', country: 'DE' });
    assert.deepEqual(companyTaxNumber('EL12'), { problem: 'format', country: 'GR' });
  });
});
