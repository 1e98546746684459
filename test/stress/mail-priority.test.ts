// A flood of bulk notices delays no customer: with 800 notices queued (what 40 sources can cause in a minute) and an
// SMTP server that takes 50 ms a message, an order's confirmation and the message that it was paid reach the SMTP
// server within seconds, not after the flood (which takes 40 s to send).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeMessage } from '../../server/mail/compose-message.js';
import { mailShop } from '../../server/mail/templates/mail-shop.js';
import { fetchJson } from '../server/support/test-server.js';
import { useMailTestServer } from '../server/support/mail-test-server.js';
import { placeOrderThroughShop, productsInStock } from '../server/support/storefront-order.js';

const FLOOD = 800;

describe('outbox priorities under a flood of bulk notices', () => {
  const suite = useMailTestServer();
  const { smtp } = suite;

  it("a paid order's messages queued behind 800 bulk notices reach the SMTP server within seconds", {
    timeout: 180_000,
  }, async () => {
    smtp.acceptDelayMs = 50;
    const shop = mailShop(suite.server.store, suite.server.url);
    // The shop's notifications of DSA notices, as a flood of the form would queue them (bulk by their kind).
    await suite.server.store.outbox.enqueue(
      Array.from({ length: FLOOD }, (_, index) =>
        composeMessage(shop, {
          kind: 'shop-dsa-notice',
          to: 'notices@shop.example',
          subject: `New DSA notice ${index}`,
          heading: 'A notice',
          blocks: [{ paragraph: `Notice ${index}` }],
        }),
      ),
    );
    const flood = () => smtp.to('notices@shop.example').length;
    const started = Date.now();
    while (flood() < 3 && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 20));

    const placedAt = Date.now();
    const { number } = await placeOrderThroughShop(
      suite.server,
      'paying-customer@example.com',
      productsInStock(suite.server, 1, 0, 2),
      'bank_transfer',
    );
    const [confirmation] = await smtp.waitFor(
      (mail) => mail.recipients.includes('paying-customer@example.com'),
      1,
      30_000,
    );
    const confirmedInMs = Date.now() - placedAt;
    const order = (await suite.server.store.orders.findByNumber(number))!;
    const paidAt = Date.now();
    await fetchJson(suite.server.restUrl(`/wc/v3/orders/${order.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { status: 'processing' },
    });
    await smtp.waitFor((mail) => mail.recipients.includes('paying-customer@example.com'), 2, 30_000);
    const paidInMs = Date.now() - paidAt;
    const sentBefore = flood();
    console.log(
      `# behind ${FLOOD} bulk notices: confirmation in ${confirmedInMs} ms, paid message in ${paidInMs} ms; ${sentBefore} notices sent by then`,
    );
    assert.ok(confirmation);
    assert.ok(confirmedInMs < 5000, `the confirmation took ${confirmedInMs} ms`);
    assert.ok(paidInMs < 5000, `the paid message took ${paidInMs} ms`);
    assert.ok(sentBefore < FLOOD / 2, 'the flood was still being sent: the customer went ahead of it');
  });
});
