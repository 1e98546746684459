// The shop's bank account. IBANs are checked by ISO 13616 (country length and format, mod-97 check digits),
// cross-checked here against the mod-97 arithmetic written out with BigInt.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { bicProblem, groupedIban, ibanProblem } from '../../../server/store/bank-account.js';

/** ISO 7064 mod 97-10 over the IBAN rearranged (country and check digits moved to the end, letters as 10-35). */
function mod97(iban: string): bigint {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
  return BigInt(digits) % 97n;
}

/**
 * The IBAN of a German account (bank code and account number: 18 digits) with its check digits computed by the
 * reference arithmetic. German, because Germany's account numbers carry no national check digit that a random
 * number could fail (Poland's bank and branch number does: see the test below).
 */
function germanIban(account: string): string {
  const check = 98n - mod97(`DE00${account}`);
  return `DE${String(check).padStart(2, '0')}${account}`;
}

describe('ibanProblem', () => {
  it('accepts real-format IBANs of several countries, written with spaces or in lower case', () => {
    for (const iban of [
      'PL61 1090 1014 0000 0712 1981 2874',
      'DE89370400440532013000',
      'GB82 WEST 1234 5698 7654 32',
      'FR14 2004 1010 0505 0001 3M02 606',
      'nl91abna0417164300',
      '',
    ]) {
      assert.equal(ibanProblem(iban), null, iban);
    }
  });

  it("refuses wrong check digits in the manager's words", () => {
    assert.equal(ibanProblem('PL61 1090 1014 0000 0712 1981 2875'), 'the check digits do not match; check the number');
    assert.equal(ibanProblem('DE88370400440532013000'), 'the check digits do not match; check the number');
  });

  it('names a missing digit, an unknown country and a number that is no IBAN at all', () => {
    assert.match(ibanProblem('PL61 1090 1014 0000 0712 1981 287')!, /not the length of an IBAN of PL/);
    assert.match(ibanProblem('XX61109010140000071219812874')!, /XX is not a country that uses IBANs/);
    assert.match(ibanProblem('61109010140000071219812874')!, /starts with two letters of the country/);
  });

  it('refuses a Polish IBAN whose bank and branch number fails its own check digit', () => {
    assert.equal(ibanProblem('PL42000000800000000000000000'), 'the check digits do not match; check the number');
    assert.equal(mod97('PL41000000800000000000000000'), 1n, "the IBAN's own check digits are right");
    assert.equal(
      ibanProblem('PL41000000800000000000000000'),
      'the bank or branch number in it is not valid; check the number',
    );
  });

  it('agrees with the mod-97 reference on random German accounts, and catches every single changed digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{18}$/), fc.nat(17), fc.integer({ min: 1, max: 9 }), (account, at, shift) => {
        const iban = germanIban(account);
        assert.equal(mod97(iban), 1n);
        assert.equal(ibanProblem(iban), null, iban);
        const digit = (Number(account[at]) + shift) % 10;
        const typo = `${iban.slice(0, 4)}${account.slice(0, at)}${digit}${account.slice(at + 1)}`;
        assert.notEqual(mod97(typo), 1n);
        assert.equal(ibanProblem(typo), 'the check digits do not match; check the number', typo);
      }),
      { numRuns: 200 },
    );
  });

  it('groups the IBAN by four for reading', () => {
    assert.equal(groupedIban('pl61109010140000071219812874'), 'PL61 1090 1014 0000 0712 1981 2874');
    assert.equal(groupedIban('GB82 WEST 1234 5698 7654 32'), 'GB82 WEST 1234 5698 7654 32');
  });
});

describe('bicProblem', () => {
  it('accepts 8 and 11 character BICs and refuses others', () => {
    assert.equal(bicProblem('WBKPPLPP'), null);
    assert.equal(bicProblem('deutdeff500'), null);
    assert.equal(bicProblem(''), null);
    assert.match(bicProblem('WBKPPL')!, /8 or 11 letters and digits/);
    assert.match(bicProblem('WBKP12PP')!, /8 or 11/);
  });
});
