import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toLocalDateTime } from '../../../server/store/local-time.js';

describe('toLocalDateTime', () => {
  it('shows an instant in the zone, summer and winter time included', () => {
    assert.equal(toLocalDateTime('2026-07-01T12:00:00Z', 'Europe/Warsaw'), '2026-07-01T14:00:00');
    assert.equal(toLocalDateTime('2026-01-15T12:00:00.123Z', 'Europe/Warsaw'), '2026-01-15T13:00:00');
    assert.equal(toLocalDateTime('2026-01-01T03:30:00Z', 'America/New_York'), '2025-12-31T22:30:00');
    assert.equal(toLocalDateTime('2026-03-10T00:00:00Z', 'UTC'), '2026-03-10T00:00:00');
  });

  it('writes midnight as 00, not 24', () => {
    assert.equal(toLocalDateTime('2026-05-04T22:00:00Z', 'Europe/Warsaw'), '2026-05-05T00:00:00');
  });

  it('rejects a value that is not a date', () => {
    assert.throws(() => toLocalDateTime('yesterday', 'UTC'), RangeError);
  });
});
