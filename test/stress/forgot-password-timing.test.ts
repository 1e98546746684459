// Timed: "Forgot your password?" takes as long for an address with an account as for one without, so that the time of
// the answer does not tell who has an account (the words are compared in test/server/mail/password-reset.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../server/auth/users.js';
import { useTestServer } from '../server/support/test-server.js';
import { Visitor } from '../server/support/visitor.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('password reset timing', () => {
  // TRUST_PROXY, so that each request stands for another client and the per-address limit does not answer instead.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('answers as fast for an address with an account as for one without', async () => {
    const rounds = 15;
    for (let round = 0; round < rounds; round++) {
      await createUser(suite.server.store, {
        login: `timed-${round}`,
        email: `timed-${round}@example.com`,
        role: 'customer',
        password: 'a-long-password',
      });
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [times, email] of [
        [known, `timed-${round}@example.com`],
        [unknown, `nobody-${round}@example.com`],
      ] as const) {
        const visitor = new Visitor(suite.server.url);
        await visitor.get('/forgot-password');
        const started = performance.now();
        const answer = await visitor.post(
          '/forgot-password',
          { email },
          { headers: { 'x-forwarded-for': `10.3.${round}.${times === known ? 1 : 2}` } },
        );
        times.push(performance.now() - started);
        assert.equal(answer.status, 200);
      }
    }
    const ratio = median(known) / median(unknown);
    assert.ok(
      ratio > 0.6 && ratio < 1.6,
      `with an account ${median(known).toFixed(1)} ms, without ${median(unknown).toFixed(1)} ms`,
    );
  });
});
