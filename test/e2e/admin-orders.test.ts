// A shop manager's Orders screen and order view, in Chromium, on a server of its own: an order placed
// through the shop's forms is found by its status and by the customer's e-mail, its view shows its lines, totals,
// consent proof and history; cancelling it from the view gives its stock back once (checked through the API) and
// is not offered a second time; the status of several orders changes at once, by allowed moves only; a withdrawal
// is processed from the view; axe clean throughout. (The phone layout of both screens: admin-layout.test.ts.)
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ordersQueryArgs, shiftDay } from '../../client/admin/orders/orders-view-query.js';
import { fetchJson } from '../server/support/test-server.js';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { placeOrderThroughShop, productsInStock, variationInStock } from '../server/support/storefront-order.js';
import { Visitor } from '../server/support/visitor.js';
import { managerInAdmin } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: orders', () => {
  const shop = useShopInBrowser({ ownServer: true });
  let apiAuth: string;
  const api = (path: string, init: Parameters<typeof fetchJson>[1] = {}) =>
    fetchJson(shop.server.restUrl(path), {
      ...init,
      headers: { authorization: apiAuth, ...(init.headers as Record<string, string>) },
    });
  const stockOf = async (productId: number) =>
    (await api(`/wc/v3/products/${productId}`)).body.stock_quantity as number;
  const orderId = async (number: string) => (await shop.server.store.orders.findByNumber(number))!.id;

  beforeEach(async () => {
    apiAuth = await shop.server.basicAuthFor('shop_manager', 'api-manager');
    // The checkout asks for the boxes that refer to a legal page once it is published (the seeded shop has none yet).
    await publishLegalPages(shop.server);
    // The suite's bank-transfer orders all come from the one test address; the limit of unpaid orders per address is
    // not what it tests (test/server/shop/checkout/guest-limits.test.ts does).
    await shop.server.store.site.update((site) => {
      site.settings.checkout.unpaid_orders_per_source = 100;
    });
  });

  async function assertAccessible(page: Page, where: string): Promise<void> {
    assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${where}`);
  }

  /** Adds a DataViews filter on `field` with the option `value` ticked (the field's menu item by keyboard). */
  async function filterBy(page: Page, field: string, value: string): Promise<void> {
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitem', { name: field }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: value }).click();
    await page.keyboard.press('Escape');
  }

  /** The text of the element that has the focus; the page's body when the focus was lost. */
  const focusedText = (page: Page) =>
    page.evaluate(() =>
      document.activeElement === document.body ? '(body)' : (document.activeElement?.textContent ?? ''),
    );

  const rowOf = (page: Page, number: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });

  it('finds an order from the shop by status and e-mail; its view shows it whole; cancelling gives its stock back once', async () => {
    const [product] = productsInStock(shop.server, 1);
    const before = product!.stock_quantity;
    const variation = variationInStock(shop.server);
    const { number } = await placeOrderThroughShop(
      shop.server,
      'ola.orders@example.com',
      [product!],
      'bank_transfer',
      variation,
    );
    // Another order, which the filters must leave out.
    const other = await placeOrderThroughShop(
      shop.server,
      'piotr@example.com',
      productsInStock(shop.server, 1, 1),
      'cash_on_delivery',
    );
    const variationStock = async () =>
      (await api(`/wc/v3/products/${variation.product.id}/variations/${variation.variationId}`)).body
        .stock_quantity as number;
    const variationBefore = variation.product.variations!.find(
      (candidate) => candidate.id === variation.variationId,
    )!.stock_quantity;
    assert.equal(await stockOf(product!.id), before - 1, 'the order took its unit');
    assert.equal(await variationStock(), variationBefore - 1);

    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'oskar', '/admin/orders');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await rowOf(page, number).waitFor();
    assert.match(
      await rowOf(page, number).innerText(),
      /On hold/,
      'a bank transfer waits for its money, and the badge says so in words',
    );
    await assertAccessible(page, 'orders list');

    await filterBy(page, 'Status', 'On hold');
    await page.getByRole('button', { name: 'Status includes: On hold' }).waitFor();
    await rowOf(page, other.number).waitFor({ state: 'detached' });
    await rowOf(page, number).waitFor();
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('search=ola.orders%40example.com') && response.url().includes('status=on-hold'),
    );
    await page
      .getByRole('searchbox', { name: 'Search orders by number, name or e-mail' })
      .fill('ola.orders@example.com');
    assert.deepEqual(
      (await (await searched).json()).map((order: { number: string }) => order.number),
      [number],
      'the server searched by e-mail within the filter',
    );
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await rowOf(page, number).waitFor();
    await assertAccessible(page, 'orders list, filtered');

    await rowOf(page, number).getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    assert.match(page.url(), new RegExp(`/admin/orders/${await orderId(number)}$`));
    const items = page.getByRole('region', { name: 'Items' });
    assert.match(await items.innerText(), new RegExp(product!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(await items.innerText(), /Order total/);
    // The variation's line names its chosen attributes, as wc/v3 gives them.
    const variationLine = (await api(`/wc/v3/orders/${await orderId(number)}`)).body.line_items.find(
      (line: { variation_id: number }) => line.variation_id === variation.variationId,
    );
    assert.ok(variationLine.meta_data.length > 0);
    const variationRow = items.getByRole('row').filter({ hasText: `variation #${variation.variationId}` });
    for (const meta of variationLine.meta_data)
      assert.ok(
        (await variationRow.innerText()).includes(`${meta.display_key}: ${meta.display_value}`),
        meta.display_key,
      );
    const proof = page.getByRole('region', { name: 'Consent proof' });
    const box = shop.server.store.site.data.checkboxes.find(
      (candidate) => candidate.location === 'checkout' && candidate.required && candidate.enabled,
    )!;
    assert.ok((await proof.innerText()).includes(box.label), 'the text the customer accepted');
    assert.match(await proof.innerText(), /Accepted/);
    assert.match(await proof.innerText(), /text SHA-256 [0-9a-f]{12}/);
    assert.match(await page.getByRole('region', { name: 'History' }).innerText(), /Placed as On hold by the customer/);
    // A parcel is entered in the view: its number links the carrier's page, and the customer is e-mailed the link.
    const shipments = page.getByRole('region', { name: 'Shipments' });
    await shipments.getByLabel('Carrier').selectOption({ label: 'DPD' });
    await shipments.getByLabel('Tracking number').fill('1000123456789');
    await shipments.getByRole('button', { name: 'Add parcel' }).click();
    await page.getByRole('status').filter({ hasText: 'Parcel 1000123456789 added' }).waitFor();
    const parcelLink = shipments.getByRole('link', { name: '1000123456789' });
    assert.match((await parcelLink.getAttribute('href'))!, /^https:\/\/tracktrace\.dpd\.com\.pl\/.*1000123456789$/);
    assert.equal(
      await shipments.getByLabel('Tracking number').inputValue(),
      '',
      'the form is emptied for the next parcel',
    );
    assert.match(
      (await shipments.getByRole('link', { name: 'Print the packing slip' }).getAttribute('href'))!,
      new RegExp(`/admin/orders/${await orderId(number)}/packing-slip$`),
    );
    await assertAccessible(page, 'order view with a parcel');
    // The unpaid order says until when it holds its stock, apart from what is sold.
    await page.getByText(/Holds its stock until .+; cancelled then unless paid\./).waitFor();
    await assertAccessible(page, 'order view');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes: cancel order' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Order ${number} is now Cancelled.` })
      .waitFor();
    // The answer the manager clicked is gone with the move: the focus goes to the order's heading, not to the page's
    // body.
    assert.equal(await focusedText(page), `Order ${number}`);
    assert.equal(await stockOf(product!.id), before, 'cancelling gave the unit back');
    assert.equal(await variationStock(), variationBefore, "and the variation's");
    assert.equal(await page.getByRole('button', { name: 'Cancel order' }).count(), 0, 'a second cancel is not offered');
    assert.equal(await page.getByText(/Holds its stock until/).count(), 0, 'a cancelled order holds nothing');
    assert.match(await page.getByRole('region', { name: 'History' }).innerText(), /On hold → Cancelled by oskar/);
    // Cancelling again through the API, as an integrator might, changes nothing: the unit is not given back twice.
    const again = await api(`/wc/v3/orders/${await orderId(number)}`, { method: 'PUT', json: { status: 'cancelled' } });
    assert.equal(again.body.status, 'cancelled');
    assert.equal(await stockOf(product!.id), before);
    assert.equal(await variationStock(), variationBefore);
    const history = (await api(`/vitrine/v1/orders/${await orderId(number)}`)).body.history;
    assert.equal(history.filter((entry: { to: string }) => entry.to === 'cancelled').length, 1);

    await page.getByLabel('Add a note').fill('Customer phoned: cancelled on request.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const added = page
      .getByRole('region', { name: 'Notes' })
      .getByRole('listitem')
      .filter({ hasText: 'Customer phoned: cancelled on request.' });
    await added.waitFor();
    assert.equal(await page.getByLabel('Add a note').inputValue(), '', 'the form is emptied for the next note');
    assert.match(await added.innerText(), /Private · oskar ·/, 'the note says who wrote it');
    const notes = (await api(`/wc/v3/orders/${await orderId(number)}/notes`)).body;
    assert.ok(
      notes.some(
        (note: { note: string; customer_note: boolean; author: string }) =>
          note.note === 'Customer phoned: cancelled on request.' && !note.customer_note && note.author === 'oskar',
      ),
    );
    // A note to the customer is e-mailed; the form then goes back to a private note, so the next one is not sent by
    // mistake.
    await page.getByLabel('Add a note').fill('We are sorry to see your order go.');
    await page.getByRole('radio', { name: 'To the customer: e-mailed to them' }).check();
    await page.getByRole('button', { name: 'Add note' }).click();
    await page
      .getByRole('region', { name: 'Notes' })
      .getByRole('listitem')
      .filter({ hasText: 'We are sorry to see your order go.' })
      .waitFor();
    assert.equal(
      await page.getByRole('radio', { name: 'Private: only the shop sees it' }).isChecked(),
      true,
      'the next note is private unless chosen otherwise',
    );
    const toCustomer = (await api(`/wc/v3/orders/${await orderId(number)}/notes?type=customer`)).body;
    assert.deepEqual(
      toCustomer.map((note: { note: string }) => note.note),
      ['We are sorry to see your order go.'],
    );
    await assertAccessible(page, 'order view, cancelled');
    assert.deepEqual(errors, []);
  });

  it("filters by date as the screen asks the server: whole days in the shop's time", async () => {
    const { number } = await placeOrderThroughShop(shop.server, 'dated@example.com', productsInStock(shop.server, 1));
    const day = (await api(`/wc/v3/orders/${await orderId(number)}`)).body.date_created.slice(0, 10);
    const numbersFor = async (operator: string, value: unknown) => {
      const args = ordersQueryArgs({ type: 'table', filters: [{ field: 'date', operator: operator as 'on', value }] });
      return (
        await api(`/wc/v3/orders?${new URLSearchParams(Object.entries(args).map(([key, arg]) => [key, String(arg)]))}`)
      ).body.map((order: { number: string }) => order.number);
    };
    assert.deepEqual(await numbersFor('on', day), [number]);
    assert.deepEqual(await numbersFor('between', [day, day]), [number]);
    assert.deepEqual(await numbersFor('after', shiftDay(day, -1)), [number]);
    assert.deepEqual(await numbersFor('before', day), []);
    assert.deepEqual(await numbersFor('after', day), []);
    assert.deepEqual(await numbersFor('on', shiftDay(day, 1)), []);
  });

  it('changes the status of several orders at once by allowed moves only, naming the orders that keep theirs', async () => {
    const [first, second, third] = await Promise.all(
      ['a', 'b', 'c'].map((letter, index) =>
        placeOrderThroughShop(
          shop.server,
          `bulk-${letter}@example.com`,
          productsInStock(shop.server, 1, index),
          'bank_transfer',
        ),
      ),
    );
    // The third is cancelled already: it may not be completed.
    assert.equal(
      (await api(`/wc/v3/orders/${await orderId(third!.number)}`, { method: 'PUT', json: { status: 'cancelled' } }))
        .status,
      200,
    );

    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'bea', '/admin/orders');
    for (const order of [first!, second!, third!]) {
      await rowOf(page, order.number).waitFor();
      await rowOf(page, order.number).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change status' });
    await dialog.getByLabel('New status').selectOption({ label: 'Processing' });
    await dialog.getByText('2 orders will move to Processing.').waitFor();
    assert.match(
      await dialog.innerText(),
      new RegExp(`${third!.number} is Cancelled: it cannot be moved to Processing\\.`),
    );
    await assertAccessible(page, 'bulk status change');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    const moved = dialog.getByText(/^2 orders moved to Processing: /);
    await moved.waitFor();
    assert.deepEqual(
      (await moved.innerText())
        .replace(/^.*: |\.$/g, '')
        .split(', ')
        .sort(),
      [first!.number, second!.number].sort(),
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    for (const [order, status] of [
      [first!, 'processing'],
      [second!, 'processing'],
      [third!, 'cancelled'],
    ] as const) {
      assert.equal((await api(`/wc/v3/orders/${await orderId(order.number)}`)).body.status, status);
    }
    // The list is read again once the dialog closes.
    await rowOf(page, first!.number).filter({ hasText: 'Processing' }).waitFor();
    await rowOf(page, second!.number).filter({ hasText: 'Processing' }).waitFor();
    assert.deepEqual(errors, []);
  });

  it('processes a withdrawal from the order view: goods received, then a full refund that moves the order to refunded', async () => {
    const [product] = productsInStock(shop.server, 1);
    const before = product!.stock_quantity;
    const email = 'wanda@example.com';
    const { number } = await placeOrderThroughShop(shop.server, email, [product!]);
    // The cash arrived: only money received can be refunded.
    assert.equal(
      (await api(`/wc/v3/orders/${await orderId(number)}`, { method: 'PUT', json: { set_paid: true } })).status,
      200,
    );
    const visitor = new Visitor(shop.server.url);
    await visitor.get('/withdraw');
    // A guest with the number and e-mail withdraws from the whole order, without seeing its items.
    const whole = await visitor.post('/withdraw', { step: 'items', order: number, email });
    assert.match(whole.html, /Odstępuję od całego zamówienia/);
    await visitor.post('/withdraw', { step: 'confirm', order: number, email });
    const [withdrawal] = (await api(`/vitrine/v1/withdrawals?order_id=${await orderId(number)}`)).body;
    const total = (await shop.server.store.orders.findByNumber(number))!.total;

    const { page, errors } = await managerInAdmin(
      shop.browser,
      shop.server,
      'wiktor',
      `/admin/orders/${await orderId(number)}`,
    );
    const card = page.getByRole('article', { name: `Withdrawal ${withdrawal.reference}` });
    await card.waitFor();
    assert.match(await card.innerText(), /Refund due by .+: 14 days from receipt of the withdrawal on /);
    assert.match(await card.innerText(), /Goods not received back yet: the refund may be withheld until they are/);
    await assertAccessible(page, 'withdrawal to process');

    await card.getByRole('button', { name: 'Record goods received' }).click();
    await card.getByText(/Goods received back on /).waitFor();
    assert.equal(
      await card.getByLabel('Amount refunded (PLN)').inputValue(),
      total.toFixed(2).replace('.', ','),
      "the whole order suggested, written the shop's way",
    );
    await card.getByLabel('Amount refunded (PLN)').fill('999999');
    await card.getByRole('button', { name: 'Record refund' }).click();
    await card.getByText(/At most .+ can be refunded/).waitFor();
    assert.equal(
      (await api(`/vitrine/v1/withdrawals/${withdrawal.id}`)).body.refund,
      null,
      'a refused refund stores nothing',
    );
    await assertAccessible(page, 'refund refused beside its field');

    // The manager types the amount with the Polish shop's decimal comma.
    await card.getByLabel('Amount refunded (PLN)').fill(total.toFixed(2).replace('.', ','));
    await card.getByRole('button', { name: 'Record refund' }).click();
    await card.getByText(/Refunded .+ the whole order\./).waitFor();
    assert.equal(
      await focusedText(page),
      `Order ${number}`,
      "the refund form is gone: the focus goes to the order's heading",
    );
    const order = (await api(`/wc/v3/orders/${await orderId(number)}`)).body;
    assert.equal(order.status, 'refunded');
    assert.equal(await stockOf(product!.id), before, 'the refund gave the stock back');
    assert.equal((await api(`/vitrine/v1/withdrawals/${withdrawal.id}`)).body.refund.amount, total);
    assert.equal(
      await card.getByRole('button', { name: 'Record refund' }).count(),
      0,
      'a settled withdrawal offers no more forms',
    );
    assert.deepEqual(errors, []);
  });
});
