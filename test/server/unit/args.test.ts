import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { validateArgs, type ArgSchema } from '../../../server/rest/args.js';

const LIMIT: ArgSchema = { type: 'integer', minimum: 1, maximum: 50, default: 8 };

describe('validateArgs', () => {
  it('fills defaults, lists missing required arguments and names invalid ones', () => {
    const result = validateArgs({ q: { type: 'string', required: true }, limit: LIMIT, cat: { type: 'integer' } }, { cat: 'x' });
    assert.deepEqual(result.values, { limit: 8 });
    assert.deepEqual(result.missing, ['q']);
    assert.deepEqual(Object.keys(result.invalid), ['cat']);
  });

  it('accepts integers in range, as numbers or numeric strings, and rejects everything else', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), (n, asString) => {
        const result = validateArgs({ limit: LIMIT }, { limit: asString ? String(n) : n });
        const inRange = n >= 1 && n <= 50;
        assert.equal('limit' in result.invalid, !inRange);
        if (inRange) assert.equal(result.values.limit, n);
      }),
    );
    for (const bad of [1.5, '1.5', '', 'ten', null, true, [3], Number.NaN]) {
      assert.match(validateArgs({ limit: LIMIT }, { limit: bad }).invalid.limit ?? '', /must be an integer from 1 to 50/, String(bad));
    }
  });

  it('checks string length, enum and pattern', () => {
    const schema: Record<string, ArgSchema> = {
      q: { type: 'string', minLength: 1, maxLength: 3 },
      order: { type: 'string', enum: ['asc', 'desc'] },
      slug: { type: 'string', pattern: '^[a-z]+$' },
    };
    const result = validateArgs(schema, { q: '', order: 'up', slug: 'A1' });
    assert.deepEqual(Object.keys(result.invalid).sort(), ['order', 'q', 'slug']);
    assert.match(result.invalid.q!, /must not be empty/);
    assert.deepEqual(validateArgs(schema, { q: 'abc', order: 'asc', slug: 'ok' }).invalid, {});
    assert.match(validateArgs(schema, { q: 'abcd' }).invalid.q!, /at most 3/);
  });

  it('reads booleans from query-string spellings and arrays from comma lists, checking each item', () => {
    const schema: Record<string, ArgSchema> = {
      flag: { type: 'boolean' },
      steps: { type: 'array', minItems: 1, items: { type: 'string', enum: ['a', 'b'] } },
    };
    assert.deepEqual(validateArgs(schema, { flag: '0', steps: 'a,b' }).values, { flag: false, steps: ['a', 'b'] });
    const bad = validateArgs(schema, { flag: 'yes', steps: ['a', 'c'] });
    assert.deepEqual(Object.keys(bad.invalid).sort(), ['flag', 'steps']);
    assert.match(validateArgs(schema, { steps: [] }).invalid.steps!, /must not be empty/);
  });
});
