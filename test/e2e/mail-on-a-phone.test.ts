// The shop's HTML e-mails as a phone shows them: an order paid by transfer (the order confirmation and the shop's
// notification) and a parcel sent with its tracking link, delivered to a real SMTP server and opened in Chromium at
// 390 px: nothing wider than the screen, and every price cell apart from its neighbours.
import assert from 'node:assert/strict';
import { before, describe, after, it } from 'node:test';
import { TestSmtpServer } from '../support/test-smtp-server.js';
import { productsInStock, requiredBoxes, SHOPPER_ADDRESS } from '../server/support/storefront-order.js';
import { fetchJson } from '../server/support/test-server.js';
import { Visitor } from '../server/support/visitor.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

/** Horizontal room (px) a reader needs between two cells to see two amounts, not one. */
const GAP = 8;

describe('the e-mails on a phone', () => {
  const smtp = new TestSmtpServer();
  const env: NodeJS.ProcessEnv = { MAIL_RETRY_SECONDS: '0.2' };
  before(async () => {
    await smtp.start();
    env.SMTP_URL = smtp.url;
  });
  after(() => smtp.stop());
  const shop = useShopInBrowser({ ownServer: true, env });

  it('fit 390 px, with the price columns apart', { timeout: 120_000 }, async () => {
    const { server } = shop;
    const email = 'telefon@example.com';
    // The longest names of the catalog, several units of one, so that the columns have the most to hold.
    const [longest, second] = productsInStock(server, 40)
      .sort((a, b) => b.title.length - a.title.length)
      .slice(0, 2);
    const shopper = new Visitor(server.url);
    await shopper.get(`/product/${longest!.slug}`);
    await shopper.post('/cart/add', { product_id: String(longest!.id), quantity: '3' });
    await shopper.post('/cart/add', { product_id: String(second!.id), quantity: '1' });
    await shopper.get('/checkout');
    const placed = await shopper.post('/checkout', {
      ...SHOPPER_ADDRESS,
      email,
      payment_method: 'bank_transfer',
      ...requiredBoxes(server, 'checkout'),
    });
    assert.equal(placed.status, 303, placed.html.slice(0, 300));
    const number = /VT-\d{6}/.exec(placed.location!)![0];
    const order = (await server.store.orders.findByNumber(number))!;
    const tracked = await fetchJson(server.restUrl(`/wc/v3/orders/${order.id}/shipment-trackings`), {
      method: 'POST',
      json: { tracking_provider: 'InPost', tracking_number: '620000111122223333444455' },
      headers: { authorization: await server.basicAuthFor('shop_manager') },
    });
    assert.equal(tracked.status, 201, JSON.stringify(tracked.body));
    const mails = [
      ...(await smtp.waitFor((mail) => mail.recipients.includes(email), 2)),
      ...(await smtp.waitFor((mail) => !mail.recipients.includes(email))),
    ];

    const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: true });
    const page = await context.newPage();
    let priceRows = 0;
    for (const mail of mails) {
      const subject = mail.parsed.subject ?? '';
      assert.ok(mail.parsed.html, `${subject} has an HTML part`);
      await page.setContent(mail.parsed.html as string);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${subject}: ${width} px wide on a 390 px screen`);
      // Per table row with amounts: where each cell's text starts and ends on the screen.
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('tr')]
          .map((row) =>
            [...row.children].map((cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              const boxes = [...range.getClientRects()];
              return {
                text: (cell as HTMLElement).innerText.trim(),
                left: Math.min(...boxes.map((box) => box.left)),
                right: Math.max(...boxes.map((box) => box.right)),
                top: Math.min(...boxes.map((box) => box.top)),
                bottom: Math.max(...boxes.map((box) => box.bottom)),
              };
            }),
          )
          .filter((cells) => cells.some((cell) => /\d,\d\d\s*zł/.test(cell.text))),
      );
      for (const cells of rows) {
        priceRows += 1;
        const filled = cells.filter((cell) => cell.text !== '');
        for (let index = 1; index < filled.length; index++) {
          const [before, next] = [filled[index - 1]!, filled[index]!];
          const sameLine = before.top < next.bottom && next.top < before.bottom;
          assert.ok(
            !sameLine || next.left - before.right >= GAP,
            `${subject}: "${before.text}" and "${next.text}" are ${Math.round(next.left - before.right)} px apart`,
          );
        }
      }
    }
    assert.ok(priceRows >= 4, 'the order lines and totals were measured');
    assert.ok(
      mails.some((mail) => (mail.parsed.html as string).includes('620000111122223333444455')),
      'the parcel e-mail was among them',
    );
    await context.close();
  });
});
