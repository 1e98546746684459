// The withdrawal form's items step without JavaScript keeps what the customer chose, as the shop's other forms do: a
// review asked for with no item ticked comes back with every box as it was sent (none ticked), the reason kept, the
// error tied to the items and the focus on the first box, rather than every box ticked again under "Choose at least
// one item", where ticking the one wanted would withdraw from the whole order. Items already withdrawn from are not
// offered, nor taken, again: a second withdrawal from them would be acknowledged as new and land twice on the shop.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../../../server/auth/users.js';
import { orderKey } from '../../../../server/shop/orders/order-access.js';
import { placeTestOrder, placeTwoLineOrder, stockedProduct } from '../../support/orders.js';
import { useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

/** The `<input>` tag of the item's checkbox in a withdrawal page. */
const itemBox = (html: string, productId: number) =>
  new RegExp(`<input type="checkbox" id="item_${productId}"[^>]*>`).exec(html)?.[0] ?? '';

describe("the withdrawal form's items", () => {
  const suite = useTestServer();

  it('shows the items again as they were sent when none is chosen', async () => {
    const { user } = await createUser(suite.server.store, {
      login: 'wera',
      email: 'wera@example.com',
      role: 'customer',
      password: 'wera-password-1',
    });
    const product = stockedProduct(suite.server.store, 3);
    const order = await placeTestOrder(suite.server.store, { product, email: 'wera@example.com', userId: user.id });
    const owner = new Visitor(suite.server.url);
    await owner.get('/login');
    assert.equal((await owner.post('/login', { login: 'wera', password: 'wera-password-1' })).status, 303);
    await owner.get('/withdraw');
    const items = await owner.post('/withdraw', { step: 'items', order: order.number });
    assert.match(itemBox(items.html, product.id), /\bchecked\b/, 'first shown, every item is chosen');

    const none = await owner.post('/withdraw', { step: 'review', order: order.number, reason: 'Za duże' });
    assert.equal(none.status, 400);
    assert.match(none.html, /id="items-error">Wybierz co najmniej jeden produkt, od którego odstępujesz\./);
    const box = itemBox(none.html, product.id);
    assert.doesNotMatch(box, /\bchecked\b/, 'the box is as the customer left it: not ticked');
    assert.match(box, /\bautofocus\b/);
    assert.match(none.html, /<textarea id="reason"[^>]*>Za duże<\/textarea>/, 'the reason is kept');

    const review = await owner.post('/withdraw', {
      step: 'review',
      order: order.number,
      [`item_${product.id}`]: '1',
      reason: 'Za duże',
    });
    assert.equal(review.status, 200);
    assert.match(review.html, /Potwierdzam odstąpienie/);
  });

  const withdrawalsOf = async (orderId: number) =>
    (await suite.server.store.withdrawals.list()).filter((withdrawal) => withdrawal.order_id === orderId);

  it('offers only the items not withdrawn from yet, and says when every item is', async () => {
    const { user } = await createUser(suite.server.store, {
      login: 'olek',
      email: 'olek@example.com',
      role: 'customer',
      password: 'olek-password-1',
    });
    const { order, titles } = await placeTwoLineOrder(suite.server.store, 'olek@example.com', user.id);
    const [first, second] = order.lines.map((line) => line.product_id) as [number, number];
    const owner = new Visitor(suite.server.url);
    await owner.get('/login');
    assert.equal((await owner.post('/login', { login: 'olek', password: 'olek-password-1' })).status, 303);
    await owner.get('/withdraw');
    assert.equal(
      (await owner.post('/withdraw', { step: 'confirm', order: order.number, [`item_${first}`]: '1' })).status,
      200,
    );

    const items = await owner.post('/withdraw', { step: 'items', order: order.number });
    assert.equal(itemBox(items.html, first), '', `${titles[0]}, withdrawn from, is not offered again`);
    assert.match(itemBox(items.html, second), /\bchecked\b/);
    // A post naming the first item anyway (an old page) takes only what is left.
    assert.equal(
      (
        await owner.post('/withdraw', {
          step: 'confirm',
          order: order.number,
          [`item_${first}`]: '1',
          [`item_${second}`]: '1',
        })
      ).status,
      200,
    );
    const withdrawals = await withdrawalsOf(order.id);
    assert.deepEqual(withdrawals.map((withdrawal) => withdrawal.items.map((item) => item.product_id)).sort(), [
      [first],
      [second],
    ]);

    const again = await owner.post('/withdraw', { step: 'items', order: order.number });
    assert.equal(again.status, 400);
    assert.match(
      again.html,
      new RegExp(
        `Odstąpiłaś\\(-eś\\) już od wszystkich produktów zamówienia ${order.number} \\(WD-\\d{6}, WD-\\d{6}\\)`,
      ),
    );
    assert.equal((await owner.post('/withdraw', { step: 'confirm', order: order.number })).status, 400);
    assert.equal((await withdrawalsOf(order.id)).length, 2, 'no third withdrawal');
  });

  it('tells a guest who withdrew from the whole order that it is done, rather than taking it again', async () => {
    const order = await placeTestOrder(suite.server.store, {
      product: stockedProduct(suite.server.store, 3),
      email: 'gosc@example.com',
    });
    const guest = new Visitor(suite.server.url);
    await guest.get('/withdraw');
    assert.equal(
      (await guest.post('/withdraw', { step: 'confirm', order: order.number, email: 'gosc@example.com' })).status,
      200,
    );
    const again = await guest.post('/withdraw', { step: 'confirm', order: order.number, email: 'gosc@example.com' });
    assert.equal(again.status, 400);
    assert.match(again.html, /już od wszystkich produktów zamówienia/);
    assert.equal((await withdrawalsOf(order.id)).length, 1);
  });

  it('offers, through the e-mailed link, only the items not withdrawn from yet', async () => {
    const { order } = await placeTwoLineOrder(suite.server.store, 'link@example.com');
    const [first, second] = order.lines.map((line) => line.product_id) as [number, number];
    const link = `/withdraw?order=${order.number}&key=${orderKey(suite.server.store.site.data.secret, order.number)}`;
    const guest = new Visitor(suite.server.url);
    await guest.get(link);
    const key = orderKey(suite.server.store.site.data.secret, order.number);
    assert.equal(
      (
        await guest.post('/withdraw', {
          step: 'confirm',
          order: order.number,
          email: 'link@example.com',
          key,
          [`item_${first}`]: '1',
        })
      ).status,
      200,
    );
    const items = await guest.get(link);
    assert.equal(itemBox(items.html, first), '', 'the item withdrawn from is not offered again');
    assert.match(itemBox(items.html, second), /\bchecked\b/);
  });
});
