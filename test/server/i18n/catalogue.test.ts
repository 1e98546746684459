/**
 * The message catalogues stay complete and lean: every language has every message, plural messages have exactly their
 * language's CLDR forms, translations keep the placeholders, every key the code asks for exists, and no key stays in
 * the catalogue once no code uses it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pluralCategories, readAreaFiles, readCatalogues } from '../../../server/i18n/catalogue-files.js';
import { LANGUAGES } from '../../../server/i18n/languages.js';
import { translator } from '../../../server/i18n/translator.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const catalogues = readCatalogues();
const keysOf = (language: (typeof LANGUAGES)[number]) => new Set(catalogues.get(language)!.keys());
const allKeys = new Set(LANGUAGES.flatMap((language) => [...keysOf(language)]));

/** The source the catalogue serves: everything but the tests, the admin (its own translations) and the catalogue. */
function sourceFiles(): string[] {
  return ['server', 'client', 'shortcodes', 'blocks'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true })
      .map((entry) => path.join(folder, String(entry)))
      // WooCommerce's webhook topics (`order.created`) have a key's shape but are names of the API, not messages.
      .filter(
        (file) =>
          /\.ts$/.test(file) &&
          !file.startsWith(path.join('client', 'admin')) &&
          !file.startsWith(path.join('server', 'wc', 'webhooks')),
      ),
  );
}
const source = sourceFiles()
  .map((file) => readFileSync(path.join(ROOT, file), 'utf8'))
  .join('\n');

const placeholders = (text: string) => [...text.matchAll(/%\((\w+)\)/g)].map((match) => match[1]).sort();
const messagePlaceholders = (message: unknown) =>
  [
    ...new Set(
      typeof message === 'string' ? placeholders(message) : Object.values(message as object).flatMap(placeholders),
    ),
  ].sort();

describe('message catalogues', () => {
  test('every language has every message', () => {
    for (const language of LANGUAGES) {
      const missing = [...allKeys].filter((key) => !keysOf(language).has(key));
      assert.deepEqual(missing, [], `${language} lacks these messages`);
    }
  });

  test('each area file holds only its own keys, and every language has the same area files', () => {
    const areasOf = (language: (typeof LANGUAGES)[number]) => [...readAreaFiles(language).keys()];
    for (const language of LANGUAGES) {
      assert.deepEqual(areasOf(language), areasOf('en'), `${language}'s area files`);
      for (const [area, messages] of readAreaFiles(language)) {
        const strays = Object.keys(messages).filter((key) => !key.startsWith(`${area}.`));
        assert.deepEqual(strays, [], `${language}/${area}.json holds keys of another area`);
      }
    }
  });

  test("plural messages have exactly their language's CLDR plural forms", () => {
    for (const language of LANGUAGES) {
      for (const [key, message] of catalogues.get(language)!) {
        const pluralElsewhere = LANGUAGES.some((other) => typeof catalogues.get(other)!.get(key) === 'object');
        if (typeof message === 'string') {
          assert.equal(pluralElsewhere, false, `${language} ${key}: plural in another language, not here`);
          continue;
        }
        assert.deepEqual(Object.keys(message).sort(), [...pluralCategories(language)].sort(), `${language} ${key}`);
      }
    }
  });

  test('a translation keeps the placeholders of the English message', () => {
    for (const language of LANGUAGES) {
      for (const [key, message] of catalogues.get(language)!) {
        assert.deepEqual(
          messagePlaceholders(message),
          messagePlaceholders(catalogues.get('en')!.get(key)),
          `${language} ${key}`,
        );
      }
    }
  });

  test('every key the code asks for is in the catalogue', () => {
    // Keys are written whole in the code (`t('cart.empty')`, `messageRef('cart.itemGone')`, a map of field labels),
    // so every literal of an area's shape is one.
    const areas = [...readAreaFiles('en').keys()].join('|');
    const literal = new RegExp(`['"\`]((?:${areas})\\.[a-z][A-Za-z]*)['"\`]`, 'g');
    // A data file's name (`invoices.json`) has the same shape and is no message.
    const asked = [...source.matchAll(literal), ...source.matchAll(/\bt\(\s*'([^']+)'/g)]
      .map((match) => match[1]!)
      .filter((key) => !key.endsWith('.json'));
    assert.ok(asked.length > 0);
    assert.deepEqual([...new Set(asked.filter((key) => !allKeys.has(key)))], []);
  });

  test('no message stays in the catalogue once no code uses it', () => {
    const unused = [...allKeys].filter((key) => !source.includes(`'${key}'`));
    assert.deepEqual(unused, []);
  });
});

describe('t(key, values)', () => {
  test('a Polish count takes the form CLDR gives it', () => {
    const { t } = translator('pl');
    const forms = [1, 2, 4, 5, 12, 22, 25, 101].map((count) => `${count} ${t('layout.cartItems', { count })}`);
    assert.deepEqual(forms, [
      '1 produkt',
      '2 produkty',
      '4 produkty',
      '5 produktów',
      '12 produktów',
      '22 produkty',
      '25 produktów',
      '101 produktów',
    ]);
  });

  test('values fill the placeholders, in every language', () => {
    assert.equal(translator('pl').t('layout.signedInAs', { name: 'Ala' }), 'Zalogowano jako Ala');
    assert.equal(translator('de').t('layout.signedInAs', { name: 'Ala' }), 'Angemeldet als Ala');
  });

  test('a key no catalogue has shows as itself', () => {
    assert.equal(translator('de').t('nowhere.toBeFound'), 'nowhere.toBeFound');
  });
});
