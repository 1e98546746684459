// Hardening: a few hundred arbitrary public requests (odd query strings, lone surrogates, deep JSON,
// method overrides, forms) against a real server; none may be answered with a 5xx. `npm run fuzz` sends 100,000.
// A stress test: three hundred requests in a row are load, not a shopper's path, and `npm test` has a time budget.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fetchFormTicket, publicRequest, sendPublicRequest } from '../../bench/fuzz/public-requests.js';
import { useTestServer } from '../server/support/test-server.js';

describe('fuzzing the public endpoints', () => {
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('answers 300 arbitrary public requests without a single 5xx', async () => {
    const ticket = await fetchFormTicket(suite.server.url);
    await fc.assert(
      fc.asyncProperty(publicRequest, async (request) => {
        const status = await sendPublicRequest(suite.server.url, request, ticket);
        assert.ok(status < 500, `${request.method} ${request.path.slice(0, 200)} answered ${status}`);
      }),
      { numRuns: 300 },
    );
  });
});
