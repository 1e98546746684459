// jsonBytes writes an answer's JSON field by field (server/http/json-bytes.ts): the bytes must be exactly those of
// JSON.stringify, whatever the fields hold; a copy cut without one member, exactly those of the record without it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { jsonBytes, jsonBytesWithMembers, withoutMember } from '../../../server/http/json-bytes.js';

const longHtml = (text: string) => `<li class="x" title="${text}">${text}</li>`.repeat(400);

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', minLength: 10 }).map(longHtml),
  fc.constant(longHtml('★ Łódź "quoted" \\ \n')),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
  fc.array(fc.string()),
);

describe('jsonBytes', () => {
  it('gives the bytes of JSON.stringify for any record, long strings with quotes, stars and Polish letters included', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), (record) => {
        assert.deepEqual(jsonBytes(record), Buffer.from(JSON.stringify(record)));
      }),
      { numRuns: 300 },
    );
  });

  it('encodes answers one after another into its kept room, a longer one after shorter ones', () => {
    const [first, second] = [longHtml('a'.repeat(40)), longHtml('b'.repeat(40))];
    // Past the room kept at first (64 KiB): 331,200 characters, some of three bytes in UTF-8.
    const huge = longHtml('żółw ★ "'.repeat(50));
    for (let round = 0; round < 3; round++) {
      for (const html of [first, second, huge, `${first.slice(1)}c`])
        assert.deepEqual(
          jsonBytes({ facets_html: html, found: round }),
          Buffer.from(JSON.stringify({ facets_html: html, found: round })),
        );
    }
  });

  it('locates members, and a copy cut without one is the JSON of the record without it, wherever the member stands', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), fc.nat(), (record, pick) => {
        const keys = Object.keys(record);
        fc.pre(keys.length > 0);
        const key = keys[pick % keys.length]!;
        const { bytes, members } = jsonBytesWithMembers(record, [key, 'not there']);
        assert.deepEqual(bytes, Buffer.from(JSON.stringify(record)));
        const member = members.get(key);
        // A value JSON leaves out has no member to cut.
        assert.equal(member === undefined, JSON.stringify(record[key]) === undefined);
        assert.equal(members.has('not there'), false);
        if (!member) return;
        const rest = Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
        assert.deepEqual(withoutMember(bytes, member), Buffer.from(JSON.stringify(rest)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes an empty record and a record of only left-out values as {}', () => {
    assert.equal(jsonBytes({}).toString(), '{}');
    assert.equal(jsonBytes({ a: undefined, b: () => 1 }).toString(), '{}');
  });
});
