/**
 * A snapshot read back in steps (snapshot-format.ts's decodeSnapshotSteps, as the serving thread reads an index built
 * elsewhere): the checksum is made a slice per step, and the document and its arrays come back as written; a byte
 * changed in any slice is still told apart.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeSnapshotSteps,
  encodeSnapshot,
  SnapshotError,
} from '../../../../server/facets/engine/snapshot-format.js';

function decodeCounting(bytes: Buffer, sliceBytes: number): { document: unknown; steps: number } {
  const steps = decodeSnapshotSteps(bytes, sliceBytes);
  let count = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { document: next.value, steps: count };
    count++;
  }
}

describe('a snapshot decoded in steps', () => {
  const document = {
    name: 'index',
    ids: Uint32Array.from({ length: 5000 }, (_, index) => index * 7),
    prices: Float64Array.from({ length: 300 }, (_, index) => index / 3),
    flags: Uint8Array.from({ length: 77 }, (_, index) => index % 2),
  };
  const bytes = encodeSnapshot(document);

  it('checksums one slice per step and gives back the document as written', () => {
    const { document: decoded, steps } = decodeCounting(Buffer.from(bytes), 1024);
    assert.equal(steps, Math.ceil((bytes.length - 4) / 1024));
    assert.deepEqual(decoded, document);
    assert.deepEqual(decodeCounting(Buffer.from(bytes), 1 << 30).document, document);
  });

  it('tells a byte changed in any slice apart', () => {
    for (const at of [20, 1023, 1024, 9000, bytes.length - 5, bytes.length - 1]) {
      const damaged = Buffer.from(bytes);
      damaged[at]! ^= 0x10;
      assert.throws(() => decodeCounting(damaged, 1024), SnapshotError, `byte ${at}`);
    }
  });
});
