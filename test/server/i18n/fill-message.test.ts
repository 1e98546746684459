/**
 * Messages are filled with their values as `@wordpress/i18n`'s sprintf fills them: every text of every catalogue, and
 * made-up texts with placeholders of every form, give the same words either way.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sprintf } from '@wordpress/i18n';
import fc from 'fast-check';
import { readCatalogues } from '../../../server/i18n/catalogue-files.js';
import { fillMessage } from '../../../server/i18n/translator.js';

const catalogueTexts = [...readCatalogues().values()].flatMap((messages) =>
  [...messages.values()].flatMap((message) => (typeof message === 'string' ? [message] : Object.values(message))),
);
const placeholderNames = ['count', 'price', 'rating', 'name', 'page', 'pages', 'link'];

/**
 * Values as callers pass them, object literals: numbers (fractions too), words, markup-looking text, and names not
 * passed at all. (sprintf throws for an object without a prototype or with a value named `hasOwnProperty`, which
 * no caller passes; fillMessage reads them as any other.)
 */
const valuesArbitrary = fc.dictionary(
  fc.constantFrom(...placeholderNames, '__proto__'),
  fc.oneof(
    fc.integer({ min: -5, max: 100_000 }),
    fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
    fc.string(),
    fc.constantFrom('0x1f', ' 12 ', '3,5'),
  ),
  { noNullPrototype: true },
);

/** Texts built from pieces of the catalogues' own placeholders, and the forms sprintf reads that they do not use. */
const textArbitrary = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        '%(count)d',
        '%(price)s',
        '%(rating)s',
        '%(name)s',
        '%(missing)d',
        '%(missing)s',
        '%%',
        '%s',
        '%d',
        '%1$s',
        '%(count)5d',
        '%.2f',
        '% –',
        '0%',
        '%(',
      ),
    ),
    { maxLength: 8 },
  )
  .map((pieces) => pieces.join(''));

describe('fillMessage', () => {
  test('fills every catalogue text as sprintf does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...catalogueTexts), valuesArbitrary, (text, values) => {
        assert.equal(fillMessage(text, values), sprintf(text, values));
      }),
      { numRuns: 3000 },
    );
  });

  test('fills any text of placeholders and percent signs as sprintf does', () => {
    fc.assert(
      fc.property(textArbitrary, valuesArbitrary, (text, values) => {
        assert.equal(fillMessage(text, values), sprintf(text, values));
      }),
      { numRuns: 3000 },
    );
  });

  test('a Polish count and rating read as the catalogue writes them', () => {
    assert.equal(
      fillMessage('Ocena %(rating)s na 5 (%(count)d opinie)', { rating: '4,5', count: 3 }),
      'Ocena 4,5 na 5 (3 opinie)',
    );
  });
});
