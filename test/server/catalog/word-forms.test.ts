import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HunspellLemmas } from '../../../server/catalog/word-forms/hunspell-lemmas.js';
import { wordFormsFor } from '../../../server/catalog/word-forms/word-forms.js';

/** A dictionary of three lemmas and the rules that make their forms, in the shape of dictionary-pl's files. */
const TINY = new HunspellLemmas({
  aff: [
    'SET UTF-8',
    'PFX b Y 1',
    'PFX b   0  nie  .',
    'SFX k Y 3',
    'SFX k   ek   ki     [^i]ek',
    'SFX k   ek   kami   ek',
    'SFX k   ek   ków    ek',
    'SFX o Y 2',
    'SFX o   0    ów     [^ą]',
    'SFX o   0    y      t',
  ].join('\n'),
  dic: ['5', 'kubek/k', 'but/o', 'miły/b', 'ta/o', 'kiek/k'].join('\n'),
});

describe('HunspellLemmas', () => {
  it('reads suffix rules backwards: strips what a rule added, puts back what it stripped', () => {
    assert.deepEqual(TINY.lemmasOf('kubki'), ['kubek']);
    assert.deepEqual(TINY.lemmasOf('kubkami'), ['kubek']);
    assert.deepEqual(TINY.lemmasOf('butow'), ['but'], 'folded like search tokens: ó is o');
    assert.deepEqual(TINY.lemmasOf('buty'), ['but']);
    assert.deepEqual(TINY.lemmasOf('kubek'), ['kubek'], 'a lemma is its own form');
  });

  it('finds nothing for words the dictionary does not make, nor through prefixes', () => {
    assert.deepEqual(TINY.lemmasOf('kubow'), [], 'kubek has no rule o');
    assert.deepEqual(TINY.lemmasOf('niemily'), [], 'prefix rules are left out');
    assert.deepEqual(TINY.lemmasOf('shirt'), []);
  });

  it('widens a negated condition with a letter that folding changes, and keeps a plain one', () => {
    // [^ą] folded to [^a] would reject "ta", which ends in a, not ą: it holds for any letter instead.
    assert.deepEqual(TINY.lemmasOf('taow'), ['ta']);
    // [^i]ek has only plain letters and holds as written: "kiek" ends in "iek", so "kiki" is none of its forms.
    assert.deepEqual(TINY.lemmasOf('kiki'), []);
    assert.deepEqual(TINY.lemmasOf('kikami'), ['kiek'], 'a rule without that condition applies');
    assert.equal(TINY.size, 5);
  });
});

describe('wordFormsFor', () => {
  it("picks the word forms of the locale's language, one instance per language", () => {
    assert.equal(wordFormsFor('pl-PL'), wordFormsFor('pl'));
    assert.match(wordFormsFor('pl-PL')!.id, /^pl:hunspell:dictionary-pl@/);
    assert.match(wordFormsFor('en_GB')!.id, /^en:snowball-english@/);
    assert.match(wordFormsFor('de-AT')!.id, /^de:snowball-german@/);
    assert.equal(wordFormsFor('fr-FR'), null);
    assert.equal(wordFormsFor(''), null);
    assert.equal(wordFormsFor(undefined), null);
  });

  it('joins the forms shoppers type', () => {
    const polish = wordFormsFor('pl-PL')!;
    const shareAForm = (a: string, b: string) => polish.formsOf(a).some((form) => polish.formsOf(b).includes(form));
    for (const [typed, titled] of [
      ['kubki', 'kubek'],
      ['kubkami', 'kubek'],
      ['butow', 'buty'],
      ['koszule', 'koszula'],
      ['noze', 'noz'],
      ['swetry', 'sweter'],
    ]) {
      assert.ok(shareAForm(typed, titled!), `${typed} ~ ${titled}`);
    }
    assert.ok(!shareAForm('kubki', 'koszula'));
    assert.deepEqual(wordFormsFor('en-GB')!.formsOf('shirts'), ['shirt']);
    assert.deepEqual(wordFormsFor('de-DE')!.formsOf('hemden'), ['hemd']);
  });

  it('gives codes and sizes no forms', () => {
    assert.deepEqual(wordFormsFor('en-GB')!.formsOf('vt00042'), []);
    assert.deepEqual(wordFormsFor('pl-PL')!.formsOf('42'), []);
  });
});
