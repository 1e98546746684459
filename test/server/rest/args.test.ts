import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { validateArgs, type ArgSchema, type ArgSchemas, type ParamsOf } from '../../../server/rest/args.js';

const LIMIT: ArgSchema = { type: 'integer', minimum: 1, maximum: 50, default: 8 };

describe('validateArgs', () => {
  it('fills defaults, lists missing required arguments and names invalid ones', () => {
    const result = validateArgs(
      { q: { type: 'string', required: true }, limit: LIMIT, cat: { type: 'integer' } },
      { cat: 'x' },
    );
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
      assert.match(
        validateArgs({ limit: LIMIT }, { limit: bad }).invalid.limit ?? '',
        /must be an integer from 1 to 50/,
        String(bad),
      );
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

/** True when X and Y are the same type (not merely assignable). */
type Same<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

describe('ParamsOf', () => {
  const DECLARED = {
    id: { type: 'integer', required: true },
    price: { type: 'number' },
    on_sale: { type: 'boolean', default: false },
    q: { type: 'string' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
    ids: { type: 'array', items: { type: 'integer' } },
    tags: { type: 'array' },
    widget: { type: 'object' },
  } as const satisfies ArgSchemas;
  type Expected = {
    id: number;
    on_sale: boolean;
    order: 'asc' | 'desc';
    price?: number;
    q?: string;
    ids?: number[];
    tags?: unknown[];
    widget?: Record<string, unknown>;
  };

  it('types required and defaulted arguments as present, enums as their literals, array items as declared', () => {
    const same: Same<ParamsOf<typeof DECLARED>, Expected> = true;
    assert.equal(same, true);
  });

  it('matches what validateArgs answers for query-string text and for JSON values', () => {
    const fromQuery = validateArgs(DECLARED, { id: '5', price: '2.5', on_sale: '1', ids: '1,2', tags: 'a,b' });
    assert.deepEqual(fromQuery.values, {
      id: 5,
      price: 2.5,
      on_sale: true,
      order: 'asc',
      ids: [1, 2],
      tags: ['a', 'b'],
    });
    const fromJson = validateArgs(DECLARED, { id: 5, q: 'mug', order: 'desc', ids: [3], widget: { a: 1 } });
    assert.deepEqual(fromJson.values, { id: 5, on_sale: false, q: 'mug', order: 'desc', ids: [3], widget: { a: 1 } });
    // null is refused rather than passed on: an optional parameter is absent or of its type, never null.
    assert.deepEqual(Object.keys(validateArgs(DECLARED, { id: 1, q: null, widget: null, ids: null }).invalid).sort(), [
      'ids',
      'q',
      'widget',
    ]);
  });
});
