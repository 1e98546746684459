// The dictionary word list looked up by binary search (what a shop in Polish loads at start instead of a map of
// 290,000 words), against a plain Map over the same words; and the same answers once read back from its text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SortedWordList } from '../../../server/catalog/word-forms/sorted-word-list.js';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ą', 'ó', 'z', '-', 'ż'), minLength: 1, maxLength: 6 });
const flags = fc.string({ unit: fc.constantFrom('A', 'b', 'Z', 'z', 'x'), maxLength: 4 });

describe('SortedWordList', () => {
  it('gives every listed word its flags, joined for a word listed twice, and nothing for others, as a map would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, flags), { maxLength: 60 }),
        fc.array(word, { maxLength: 30 }),
        (entries, probes) => {
          const reference = new Map<string, string>();
          for (const [listed, its] of entries) reference.set(listed, (reference.get(listed) ?? '') + its);
          const list = SortedWordList.fromEntries(
            entries.map(([listed]) => listed),
            entries.map(([, its]) => its),
          );
          const readBack = SortedWordList.fromText(list.text);
          assert.equal(list.size, reference.size);
          for (const probe of [...probes, ...reference.keys()]) {
            assert.equal(list.flagsOf(probe), reference.get(probe), probe);
            assert.equal(readBack.flagsOf(probe), reference.get(probe), probe);
          }
        },
      ),
    );
  });

  it('refuses a text cut short, so that a damaged cache file is made again rather than half read', () => {
    const list = SortedWordList.fromEntries(['kubek', 'but'], ['PSZz', 'NOsT']);
    assert.throws(() => SortedWordList.fromText(list.text.slice(0, -1)));
    assert.throws(() => SortedWordList.fromText('kubek\n'));
  });
});
