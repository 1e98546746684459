// A stranger's text in a mail is cut to a few hundred characters, at a word, with an ellipsis.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedQuote, QUOTED_TEXT_LIMIT } from '../../../server/mail/templates/stranger-text.js';

describe('boundedQuote', () => {
  it('keeps a short text as it is', () => {
    assert.equal(boundedQuote('  Too small, sorry.  '), 'Too small, sorry.');
  });

  it('cuts a long text at a word within the limit and marks the cut', () => {
    const quoted = boundedQuote('word '.repeat(2000));
    assert.ok(Array.from(quoted).length <= QUOTED_TEXT_LIMIT + 1);
    assert.ok(quoted.length > QUOTED_TEXT_LIMIT * 0.8);
    assert.match(quoted, /word…$/);
  });

  it('cuts a text without spaces at the limit, never inside a character', () => {
    const quoted = boundedQuote('😀'.repeat(1000));
    assert.equal(Array.from(quoted).length, QUOTED_TEXT_LIMIT + 1);
    assert.ok(quoted.endsWith('😀…'));
  });
});
