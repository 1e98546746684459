// The withdrawal form's items step without JavaScript keeps what the customer chose, as the shop's other forms do: a
// review asked for with no item ticked comes back with every box as it was sent (none ticked), the reason kept, the
// error tied to the items and the focus on the first box, rather than every box ticked again under "Choose at least
// one item", where ticking the one wanted would withdraw from the whole order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { useTestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

/** The `<input>` tag of the item's checkbox in a withdrawal page. */
const itemBox = (html: string, productId: number) => new RegExp(`<input type="checkbox" id="item_${productId}"[^>]*>`).exec(html)?.[0] ?? '';

describe('the withdrawal form\'s items', () => {
  const suite = useTestServer();

  it('shows the items again as they were sent when none is chosen', async () => {
    const { user } = await createUser(suite.server.store, { login: 'wera', email: 'wera@example.com', role: 'customer', password: 'wera-password-1' });
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
    assert.match(none.html, /id="items-error">Choose at least one item to withdraw from\./);
    const box = itemBox(none.html, product.id);
    assert.doesNotMatch(box, /\bchecked\b/, 'the box is as the customer left it: not ticked');
    assert.match(box, /\bautofocus\b/);
    assert.match(none.html, /<textarea id="reason"[^>]*>Za duże<\/textarea>/, 'the reason is kept');

    const review = await owner.post('/withdraw', { step: 'review', order: order.number, [`item_${product.id}`]: '1', reason: 'Za duże' });
    assert.equal(review.status, 200);
    assert.match(review.html, /Confirm withdrawal/);
  });
});
