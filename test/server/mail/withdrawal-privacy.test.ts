// Withdrawal without leaking orders. Knowing a customer's e-mail and walking the order numbers shows
// no items; a guest withdraws from a whole order, or chooses items through a link sent to the order's e-mail; the
// signed-in owner sees the items; the acknowledgement goes to the order's e-mail either way. The login throttle counts
// an account, not the spelling typed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { postLogin } from '../support/login.js';
import { placeTwoLineOrder } from '../support/orders.js';
import { useMailTestServer } from '../support/mail-test-server.js';
import { Visitor } from '../support/visitor.js';

describe('withdrawal without leaking orders', () => {
  const suite = useMailTestServer({ TRUST_PROXY: '1' });
  const { smtp } = suite;

  const twoLineOrder = (email: string, userId: number | null = null) =>
    placeTwoLineOrder(suite.server.store, email, userId);

  it('shows a guest who knows the e-mail no items of any order, and accepts a withdrawal from the whole order', async () => {
    const { order, titles } = await twoLineOrder('ewa@example.com');
    const stranger = new Visitor(suite.server.url);
    await stranger.get('/withdraw');
    const step = await stranger.post('/withdraw', { step: 'items', order: order.number, email: 'ewa@example.com' });
    assert.equal(step.status, 200);
    for (const title of titles) assert.ok(!step.html.includes(title), `${title} is not shown`);
    const forged = await stranger.post('/withdraw', {
      step: 'items',
      order: order.number,
      email: 'ewa@example.com',
      key: 'A'.repeat(22),
    });
    assert.doesNotMatch(forged.html, /name="item_/, 'a made-up key shows nothing either');
    const review = await stranger.post('/withdraw', { step: 'review', order: order.number, email: 'ewa@example.com' });
    for (const title of titles) assert.ok(!review.html.includes(title));
    const done = await stranger.post('/withdraw', { step: 'confirm', order: order.number, email: 'ewa@example.com' });
    assert.match(done.html, /Otrzymaliśmy Twoje odstąpienie/);
    for (const title of titles) assert.ok(!done.html.includes(title));
    const stored = (await suite.server.store.withdrawals.list()).find(
      (withdrawal) => withdrawal.order_number === order.number,
    )!;
    assert.deepEqual(
      stored.items.map((item) => item.title),
      titles,
      'the whole order',
    );
    const [ack] = await smtp.waitFor((mail) => mail.recipients.includes('ewa@example.com'));
    for (const title of titles)
      assert.ok(ack!.parsed.text!.includes(title), "the acknowledgement to the order's e-mail names the items");
  });

  it("sends a guest a link to the order's e-mail, where the items are chosen", async () => {
    const { order, titles } = await twoLineOrder('jan@example.com');
    const guest = new Visitor(suite.server.url);
    await guest.get('/withdraw');
    const sent = await guest.post('/withdraw', { step: 'link', order: order.number, email: 'jan@example.com' });
    assert.match(sent.html, /Wysłaliśmy link na adres e-mail zamówienia/);
    const [mail] = await smtp.waitFor((candidate) => candidate.recipients.includes('jan@example.com'));
    const link = /http:\/\/\S+\/withdraw\?order=\S+&key=[\w-]+/.exec(mail!.parsed.text!)![0];
    const reader = new Visitor(suite.server.url);
    const items = await reader.get(link.slice(suite.server.url.length));
    for (const title of titles) assert.ok(items.html.includes(title), `${title} is shown through the link`);
    const key = new URL(link).searchParams.get('key')!;
    const firstId = /name="item_(\d+)"/.exec(items.html)![1]!;
    const done = await reader.post('/withdraw', {
      step: 'confirm',
      order: order.number,
      email: 'jan@example.com',
      key,
      [`item_${firstId}`]: '1',
    });
    assert.match(done.html, /Otrzymaliśmy Twoje odstąpienie/);
    const stored = (await suite.server.store.withdrawals.list()).find(
      (withdrawal) => withdrawal.order_number === order.number,
    )!;
    assert.deepEqual(
      stored.items.map((item) => item.title),
      [titles[0]],
      'only the item chosen',
    );
    await smtp.waitFor(
      (candidate) =>
        candidate.recipients.includes('jan@example.com') && candidate.parsed.subject!.includes(stored.reference),
    );
    const log = await suite.server.store.outbox.list({ page: 1, perPage: 10, recipient: 'jan@example.com' });
    const linkMessage = log.messages.find((message) => message.kind === 'withdrawal-link')!;
    assert.deepEqual(linkMessage.redact, [link], 'the link is hidden in the mail log');
  });

  it('shows the signed-in owner the items of their order', async () => {
    const { user } = await createUser(suite.server.store, {
      login: 'ola',
      email: 'ola@example.com',
      role: 'customer',
      password: 'ola-password-1',
    });
    const { order, titles } = await twoLineOrder('ola@example.com', user.id);
    const owner = new Visitor(suite.server.url);
    await owner.get('/login');
    assert.equal((await owner.post('/login', { login: 'ola', password: 'ola-password-1' })).status, 303);
    await owner.get('/withdraw');
    const items = await owner.post('/withdraw', { step: 'items', order: order.number });
    for (const title of titles) assert.ok(items.html.includes(title));
  });

  it('counts the failed logins of an account whether its login or its e-mail is typed', async () => {
    await createUser(suite.server.store, {
      login: 'basia',
      email: 'Basia@Example.com',
      role: 'customer',
      password: 'basia-password-1',
    });
    const from = { headers: { 'x-forwarded-for': '198.51.100.23' } };
    const spellings = ['basia', 'basia@example.com', 'BASIA@EXAMPLE.COM', 'Basia', 'basia@Example.com'];
    for (const login of spellings)
      assert.equal((await postLogin(suite.server.url, { login, password: 'wrong-guess' }, from)).status, 200);
    assert.equal(
      (await postLogin(suite.server.url, { login: 'basia@example.com', password: 'basia-password-1' }, from)).status,
      429,
      'five failures of one account',
    );
  });
});
