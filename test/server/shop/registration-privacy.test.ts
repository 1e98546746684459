// `/register` must not tell a stranger who has an account: the page, its status and its time are the same for an
// address with an account as for one without; only the owner of the address learns which, by e-mail.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { publishLegalPages } from '../support/legal-pages.js';
import { requiredBoxes } from '../support/storefront-order.js';
import { useTestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';
import { registerThroughLink, registrationLinkFor } from '../support/registration.js';
import { openRegistration } from '../../../server/shop/registration.js';

describe('/register answers the same for known and unknown addresses', () => {
  const suite = useTestServer();
  before(async () => {
    await publishLegalPages(suite.server);
    await createUser(suite.server.store, {
      login: 'known@example.com',
      email: 'known@example.com',
      role: 'customer',
      password: 'known-password-1',
    });
  });

  /**
   * The answer to a registration of `email`, timed, with what differs on every page anyway (tokens, nonces) and the
   * address taken out.
   */
  async function register(email: string): Promise<{ status: number; page: string; ms: number }> {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/register');
    const started = performance.now();
    const answer = await visitor.post('/register', {
      display_name: 'Ala',
      email,
      password: 'ala-password-1',
      ...requiredBoxes(suite.server, 'registration'),
    });
    const ms = performance.now() - started;
    const page = answer.html.replaceAll(email, '[address]').replace(/(nonce|value)="[^"]*"/g, '$1=""');
    return { status: answer.status, page, ms };
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('gives the same page and status; the known address gets no account change and its owner an e-mail', async () => {
    const known = await register('known@example.com');
    const unknown = await register('unknown-1@example.com');
    assert.equal(known.status, unknown.status);
    assert.equal(known.page, unknown.page);
    assert.match(known.page, /Sprawdź skrzynkę e-mail/);
    assert.equal(
      await suite.server.store.users.findByLogin('unknown-1@example.com'),
      null,
      'no account before the link is used',
    );
    const toKnown = (await suite.server.store.outbox.list({ page: 1, perPage: 10, recipient: 'known@example.com' }))
      .messages;
    assert.deepEqual(
      toKnown.map((message) => message.kind),
      ['account-exists'],
    );
    const toUnknown = (
      await suite.server.store.outbox.list({ page: 1, perPage: 10, recipient: 'unknown-1@example.com' })
    ).messages;
    assert.deepEqual(
      toUnknown.map((message) => message.kind),
      ['account-confirmation'],
    );
    assert.doesNotMatch(toUnknown[0]!.text, /ala-password-1/, 'the link does not carry the password in the clear');
  });

  it('takes about the same time either way', async () => {
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Alternating, so that whatever else the machine does weighs on both alike. Each address once: the per-recipient
    // limit would otherwise hold back the messages (which changes nothing of the answer, but is not what is measured).
    for (let round = 0; round < 8; round++) {
      await createUser(suite.server.store, {
        login: `known-${round}@example.com`,
        email: `known-${round}@example.com`,
        role: 'customer',
        password: 'known-password-1',
      });
      const known = () => register(`known-${round}@example.com`).then(({ ms }) => knownTimes.push(ms));
      const unknown = () => register(`unknown-t${round}@example.com`).then(({ ms }) => unknownTimes.push(ms));
      // Each goes first every other round, so that neither gains from what the first warmed up.
      for (const attempt of round % 2 ? [known, unknown] : [unknown, known]) await attempt();
    }
    const [knownMs, unknownMs] = [median(knownTimes), median(unknownTimes)];
    console.log(`# /register median: known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`);
    // Both hash the password, which is most of the time; without that (a known address answered at once) one took a
    // tenth of the other. The margin is for a machine shared with other work.
    assert.ok(
      Math.max(knownMs, unknownMs) / Math.min(knownMs, unknownMs) < 2,
      `known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`,
    );
  });

  it('the link creates the account once; a tampered or expired link creates nothing', async () => {
    const fields = {
      display_name: 'Ola',
      email: 'once@example.com',
      password: 'ola-password-1',
      ...requiredBoxes(suite.server, 'registration'),
    };
    const visitor = new Visitor(suite.server.url);
    assert.equal((await registerThroughLink(visitor, suite.server.store, fields)).status, 303);
    const token = new URLSearchParams(
      (await registrationLinkFor(suite.server.store, 'once@example.com')).split('?')[1],
    ).get('token')!;
    const again = await visitor.post('/register/confirm', { token });
    assert.equal(again.status, 409);
    assert.match(again.html, /this link was used/);
    const tampered = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
    assert.equal((await visitor.get(`/register/confirm?token=${encodeURIComponent(tampered)}`)).status, 400);
    assert.equal(
      openRegistration(suite.server.store, token, new Date(Date.now() + 25 * 3_600_000)),
      null,
      'expired after 24 hours',
    );
    assert.ok(openRegistration(suite.server.store, token, new Date(Date.now() + 23 * 3_600_000)), 'good for a day');
  });
});
