// The wait a throttled form names beside its Retry-After header (login, password reset, DSA notice).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minutesToWait } from '../../../server/http/wait-words.js';

describe('minutesToWait', () => {
  it('rounds a wait up to whole minutes', () => {
    assert.equal(minutesToWait(60), 1);
    assert.equal(minutesToWait(61), 2);
    assert.equal(minutesToWait(900), 15);
  });

  it('agrees with a count of the started minutes', () => {
    for (let seconds = 1; seconds <= 3600; seconds++) {
      let started = 0;
      while (started * 60 < seconds) started++;
      assert.equal(minutesToWait(seconds), started, `${seconds} s`);
    }
  });

  it('names at least one minute, so that a wait of seconds is not read as none', () => {
    assert.equal(minutesToWait(1), 1);
    assert.equal(minutesToWait(0), 1);
  });
});
