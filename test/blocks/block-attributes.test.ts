import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { attributeSchemaOf, matchesSchema, validateBlockAttributes } from '../../blocks/block-attributes.js';
import type { BlockAttributeSchema, BlockJson } from '../../blocks/block-json.js';

describe('matchesSchema', () => {
  const cases: Array<[schema: BlockAttributeSchema, value: unknown, matches: boolean]> = [
    [{ type: 'string' }, 'x', true],
    [{ type: 'string' }, 1, false],
    [{ type: 'integer' }, 3, true],
    [{ type: 'integer' }, 3.5, false],
    [{ type: 'integer' }, '3', false],
    [{ type: 'number' }, 3.5, true],
    [{ type: 'boolean' }, false, true],
    [{ type: 'boolean' }, 0, false],
    [{ type: 'null' }, null, true],
    [{ type: 'object' }, [], false],
    [{ type: 'object' }, {}, true],
    [{ type: 'array', items: { type: 'string' } }, ['a', 'b'], true],
    [{ type: 'array', items: { type: 'string' } }, ['a', 2], false],
    [{ type: ['string', 'array'] }, 'a,b', true],
    [{ type: ['string', 'array'] }, 5, false],
    [{ type: 'integer', minimum: 1, maximum: 6 }, 6, true],
    [{ type: 'integer', minimum: 1, maximum: 6 }, 0, false],
    [{ type: 'integer', minimum: 1, maximum: 6 }, 7, false],
    [{ type: 'string', enum: ['wide', 'full'] }, 'full', true],
    [{ type: 'string', enum: ['wide', 'full'] }, 'left', false],
    [{}, { any: 'thing' }, true],
  ];
  for (const [schema, value, matches] of cases) {
    it(`${JSON.stringify(value)} against ${JSON.stringify(schema)} → ${matches}`, () => {
      assert.equal(matchesSchema(value, schema), matches);
    });
  }
});

describe('validateBlockAttributes', () => {
  const schema: Record<string, BlockAttributeSchema> = {
    perPage: { type: 'integer', minimum: 1, maximum: 100 },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
    label: { type: 'string', default: 'Filter' },
    fromHtml: { type: 'string', source: 'html' },
  };

  it('keeps valid values', () => {
    assert.deepEqual(validateBlockAttributes(schema, { perPage: 5, tags: ['a'], label: 'x' }), {
      perPage: 5,
      tags: ['a'],
      label: 'x',
    });
  });

  it('drops invalid values and fills defaults', () => {
    assert.deepEqual(validateBlockAttributes(schema, { perPage: 500, tags: 'a', label: 7 }), {
      tags: [],
      label: 'Filter',
    });
  });

  it('drops undeclared and HTML-sourced attributes', () => {
    assert.deepEqual(validateBlockAttributes(schema, { other: 1, fromHtml: 'x', __proto__: { polluted: true } }), {
      tags: [],
      label: 'Filter',
    });
  });

  it('gives every render its own copy of a default', () => {
    const first = validateBlockAttributes(schema, {});
    (first.tags as string[]).push('mutated');
    assert.deepEqual(validateBlockAttributes(schema, {}).tags, []);
  });

  it('never throws and only returns declared, schema-valid values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('perPage', 'tags', 'label', 'other'), fc.jsonValue()), (raw) => {
        const validated = validateBlockAttributes(schema, raw);
        for (const [name, value] of Object.entries(validated)) {
          const attributeSchema = schema[name];
          assert.ok(attributeSchema, `undeclared ${name}`);
          assert.ok(matchesSchema(value, attributeSchema), `${name}=${JSON.stringify(value)}`);
        }
      }),
    );
  });
});

describe('attributeSchemaOf', () => {
  const base: BlockJson = { apiVersion: 3, name: 'a/b', title: 'B' };

  it('adds align for the supported alignments and none', () => {
    assert.deepEqual(attributeSchemaOf({ ...base, supports: { align: ['wide', 'full'] } }).align, {
      type: 'string',
      enum: ['wide', 'full', ''],
    });
  });

  it('adds className unless custom classes are switched off', () => {
    assert.ok(attributeSchemaOf(base).className);
    assert.equal(attributeSchemaOf({ ...base, supports: { customClassName: false } }).className, undefined);
  });
});
