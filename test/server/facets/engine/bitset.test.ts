/**
 * The word-level bitset helpers the facet engine counts with, against bit-by-bit reference loops: the carry-save
 * count of an intersection, and the one-pass intersection that counts and lists its non-zero words.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { countAndInWords, hasBit, intersectAllInto, listWords } from '../../../../server/facets/engine/bitset.js';

/** Bitsets of one length, words anywhere from empty to full. */
const bitsets = (count: number) =>
  fc.integer({ min: 0, max: 70 }).chain((length) =>
    fc.array(
      fc
        .array(fc.oneof(fc.constant(0), fc.constant(0xffffffff), fc.integer({ min: 0, max: 0xffffffff })), {
          minLength: length,
          maxLength: length,
        })
        .map((words) => Uint32Array.from(words)),
      { minLength: count, maxLength: count },
    ),
  );

const membersOf = (bits: Uint32Array): number[] =>
  Array.from({ length: bits.length * 32 }, (_, bit) => bit).filter((bit) => hasBit(bits, bit));

describe('countAndInWords', () => {
  it('counts the members of an intersection in the listed words, any number of them', () => {
    fc.assert(
      fc.property(bitsets(2), fc.integer(), ([a, b], seed) => {
        // Some words listed, in ascending order, as the engine lists them.
        const listed = [...a!.keys()].filter((word) => Math.imul(seed ^ word, 2654435761) >>> 30 !== 0);
        const expected = listed.reduce(
          (total, word) => total + membersOf(Uint32Array.of(a![word]! & b![word]!)).length,
          0,
        );
        assert.equal(countAndInWords(a!, b!, Uint32Array.from(listed), listed.length), expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('intersectAllInto', () => {
  it('writes the intersection of one to five bitsets, with its members and non-zero words', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((count) => bitsets(count)),
        (operands) => {
          const length = operands[0]!.length;
          const target = new Uint32Array(length).fill(0xdeadbeef);
          const listed = intersectAllInto(target, operands, new Uint32Array(length));
          const expected = Uint32Array.from(
            { length },
            (_, word) => operands.reduce((bits, operand) => bits & operand[word]!, 0xffffffff) >>> 0,
          );
          assert.deepEqual(listed.bits, expected);
          assert.equal(listed.members, membersOf(expected).length);
          assert.deepEqual(
            Array.from(listed.words.subarray(0, listed.wordCount)),
            [...expected.keys()].filter((word) => expected[word] !== 0),
          );
          assert.deepEqual(listWords(expected, new Uint32Array(length)).members, listed.members);
        },
      ),
      { numRuns: 300 },
    );
  });
});
