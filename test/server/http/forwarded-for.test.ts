// Behind a proxy that appends to X-Forwarded-For, the client's address is read from the right: entries the client
// writes itself neither escape the per-address limits (login, password reset, the shop's forms) nor reach the consent
// log as evidence.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { anonymiseIp } from '../../../server/compliance/checkboxes/anonymise-ip.js';
import { startAppendingProxy, type AppendingProxy } from '../support/appending-proxy.js';
import { publishLegalPages } from '../support/legal-pages.js';
import { postLogin } from '../support/login.js';
import { requiredBoxes } from '../support/storefront-order.js';
import { useTestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';
import { createUser } from '../../../server/auth/users.js';

let forgeries = 0;
/** A different made-up address for every request, as a script would send to look like many clients. */
const forged = () => ({ 'x-forwarded-for': `203.0.113.${(++forgeries % 250) + 1}` });

describe('client address behind one appending proxy (TRUST_PROXY=1)', () => {
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  let proxy: AppendingProxy;
  before(async () => {
    proxy = await startAppendingProxy(suite.server.url);
    await publishLegalPages(suite.server);
  });
  after(() => proxy?.close());

  it('records the address the proxy saw, not a forged one, as the evidence of a consent', async () => {
    const visitor = new Visitor(proxy.url);
    await visitor.get('/contact');
    const sent = await visitor.post(
      '/contact',
      {
        name: 'Ola',
        email: 'ola@example.com',
        subject: 'Sizes',
        message: 'Hello',
        ...requiredBoxes(suite.server, 'contact'),
      },
      { headers: forged() },
    );
    assert.equal(sent.status, 200);
    const records = (await suite.server.store.consent.log()).filter((record) => record.location === 'contact');
    assert.ok(records.length > 0, 'the contact form recorded its consents');
    for (const record of records) assert.equal(record.ip, anonymiseIp('127.0.0.1'));
  });

  it('stops password guessing though every attempt claims another address', async () => {
    await createUser(suite.server.store, { login: 'forged-victim', role: 'customer', password: 'victim-password' });
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal(
        (await postLogin(proxy.url, { login: 'forged-victim', password: `guess-${attempt}` }, { headers: forged() }))
          .status,
        200,
      );
    }
    assert.equal(
      (await postLogin(proxy.url, { login: 'forged-victim', password: 'guess-5' }, { headers: forged() })).status,
      429,
    );
  });

  it('limits password reset requests though every request claims another address', async () => {
    const visitor = new Visitor(proxy.url);
    let answer = { status: 0, html: '' };
    for (let attempt = 0; attempt < 6; attempt++) {
      await visitor.get('/forgot-password');
      answer = await visitor.post('/forgot-password', { email: 'someone@example.com' }, { headers: forged() });
    }
    assert.equal(answer.status, 429);
    // The throttle of the address the proxy saw, not the per-recipient limit of the e-mail (also 5), which would
    // refuse the sixth request even if every forged address counted as another client.
    assert.match(answer.html, /Zbyt wiele próśb/);
  });

  it('counts an IPv6 client per /64, whichever of its addresses it takes', async () => {
    await createUser(suite.server.store, { login: 'ipv6-victim', role: 'customer', password: 'victim-password' });
    // Straight to the server, which then stands behind the test as its one proxy.
    const fromAddress = (attempt: number) => ({ 'x-forwarded-for': `2001:db8:5:6:${attempt.toString(16)}::1` });
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal(
        (
          await postLogin(
            suite.server.url,
            { login: 'ipv6-victim', password: `guess-${attempt}` },
            { headers: fromAddress(attempt) },
          )
        ).status,
        200,
      );
    }
    assert.equal(
      (await postLogin(suite.server.url, { login: 'ipv6-victim', password: 'guess-5' }, { headers: fromAddress(99) }))
        .status,
      429,
    );
  });

  it("limits the shop's form posts though every post claims another address", async () => {
    const visitor = new Visitor(proxy.url);
    await visitor.get('/contact');
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 429; attempt++) {
      status = (
        await visitor.post('/contact', { name: '', email: '', subject: '', message: '' }, { headers: forged() })
      ).status;
    }
    assert.equal(status, 429);
  });
});

describe('client address behind a proxy named by its address (TRUST_PROXY=127.0.0.2)', () => {
  const suite = useTestServer({ env: { TRUST_PROXY: '127.0.0.2' } });
  let proxy: AppendingProxy;
  before(async () => {
    proxy = await startAppendingProxy(suite.server.url, { localAddress: '127.0.0.2' });
  });
  after(() => proxy?.close());

  it('stops password guessing though every attempt claims another address', async () => {
    await createUser(suite.server.store, { login: 'listed-victim', role: 'customer', password: 'victim-password' });
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal(
        (await postLogin(proxy.url, { login: 'listed-victim', password: `guess-${attempt}` }, { headers: forged() }))
          .status,
        200,
      );
    }
    assert.equal(
      (await postLogin(proxy.url, { login: 'listed-victim', password: 'guess-5' }, { headers: forged() })).status,
      429,
    );
  });

  it('believes no forwarded header from a connection that is not the proxy', async () => {
    await createUser(suite.server.store, { login: 'direct-victim', role: 'customer', password: 'victim-password' });
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal(
        (
          await postLogin(
            suite.server.url,
            { login: 'direct-victim', password: `guess-${attempt}` },
            { headers: forged() },
          )
        ).status,
        200,
      );
    }
    assert.equal(
      (await postLogin(suite.server.url, { login: 'direct-victim', password: 'guess-5' }, { headers: forged() }))
        .status,
      429,
    );
  });
});
