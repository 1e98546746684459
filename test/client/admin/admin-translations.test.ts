// The admin's Polish catalogue holds every string the admin's code shows, and nothing else, with the same placeholders
// and Polish's three plural forms; the scanner that reads the strings from the sources is checked on a sample first.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { __, _n, createI18n } from '@wordpress/i18n';
import {
  type AdminCatalogue,
  adminStrings,
  catalogueProblems,
  placeholders,
  readAdminCatalogue,
  scanSource,
} from '../../../scripts/admin-strings.js';

const POLISH_PLURALS = 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);';

describe('the admin strings scanner', () => {
  it('reads __, _x, _n and _nx with escapes, joined literals and comments, and names what it cannot read', () => {
    const source = [
      "__('Don\\'t \\u201cgo\\u201d')",
      '__( /* why */ "Two " +\n "lines")',
      "_x('Post', 'verb')",
      "sprintf(_n('%d row', '%d rows', count), count)",
      "_nx('%d file', '%d files', items.length, 'media')",
      '__(`plain`)',
      '__(`with $' + '{value}`)',
      '__(label)',
      "obj.__('not ours')",
    ].join('\n');
    const { strings, dynamic } = scanSource(source, 'sample.tsx');
    assert.deepEqual(
      strings.map(({ key, plural }) => [key, plural]),
      [
        ['Don\u2019t \u201cgo\u201d'.replace('\u2019', "'"), undefined],
        ['Two lines', undefined],
        ['verb\u0004Post', undefined],
        ['%d row', '%d rows'],
        ['media\u0004%d file', '%d files'],
        ['plain', undefined],
      ],
    );
    assert.deepEqual(
      dynamic.map((call) => call.where),
      ['sample.tsx:8', 'sample.tsx:9'],
    );
  });

  it('finds printf placeholders, numbered and named, but not a percent sign', () => {
    assert.deepEqual(placeholders('%1$s of %2$d, %s, %(name)s, 50%% and Rate (%)'), ['%1$s', '%2$d', '%s', '%(name)s']);
  });
});

describe("the admin's Polish catalogue", () => {
  const { strings, dynamic } = adminStrings();
  const catalogue = readAdminCatalogue('pl');

  it('is read from literals only: every __() call of the admin names its text where it is called', () => {
    assert.deepEqual(dynamic, []);
    assert.ok(strings.size > 800, `${strings.size} strings found: the scanner would see the admin's strings`);
  });

  it('translates every string the admin uses, and holds none that no code uses, with the same placeholders', () => {
    assert.deepEqual(catalogueProblems(strings, catalogue, 3), []);
  });

  it('would notice a missing, an unused and a mistranslated string', () => {
    const broken: AdminCatalogue = { ...catalogue, 'No code says this.': ['Nikt tego nie mówi.'] };
    delete broken.Orders;
    broken['Edit %s'] = ['Edytuj'];
    broken['%d row is rejected.'] = ['%d wiersz'];
    assert.deepEqual(catalogueProblems(strings, broken, 3).sort(), [
      '3 non-empty form(s) wanted: "%d row is rejected."',
      `missing: "Orders" (${strings.get('Orders')!.where})`,
      'placeholders differ: "Edit %s" -> "Edytuj"',
      'used by no code: "No code says this."',
    ]);
  });

  it('carries Polish plural forms, which @wordpress/i18n applies: 1 zamówienie, 3 zamówienia, 5 and 12 zamówień', () => {
    assert.deepEqual(catalogue[''], { domain: 'default', lang: 'pl', plural_forms: POLISH_PLURALS });
    const i18n = createI18n(catalogue as never);
    const forms = [1, 3, 5, 12, 22, 112].map(
      (count) => i18n._n('%1$d order will move to %2$s.', '%1$d orders will move to %2$s.', count).split(' ')[1],
    );
    assert.deepEqual(forms, ['zamówienie', 'zamówienia', 'zamówień', 'zamówień', 'zamówienia', 'zamówień']);
    assert.equal(i18n.__('Orders'), 'Zamówienia');
    // The default instance, which the admin's code calls, is untouched by this test.
    assert.equal(__('Orders'), 'Orders');
    assert.equal(_n('%d row is rejected.', '%d rows are rejected.', 2), '%d rows are rejected.');
  });
});
