// A server killed with SIGKILL while shoppers check out and a manager cancels orders never leaks
// stock: after every restart, for every product, the stock it started with minus the units of the stored orders that
// still hold theirs (not cancelled or refunded) is exactly its stock now; every stored order has its consent proof;
// every checkout answered with a confirmation is among the stored orders; and each stored order, and no other, has
// its confirmation e-mail queued. On either store.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { startServerProcess, vitrine, type ServerProcess } from '../server/support/processes.js';
import { STORE_KINDS } from '../server/support/store-kinds.js';
import { Visitor } from '../server/support/visitor.js';

const ROUNDS = 6;
const SHOPPERS = 12;
const PRODUCTS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = {
  email: 'crash@example.com',
  first_name: 'Ewa',
  last_name: 'Kowalczyk',
  street: 'Polna 3',
  postcode: '00-950',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
  payment_method: 'bank_transfer',
};

interface Tracked {
  id: number;
  slug: string;
  initial: number;
}

async function json(url: string, authorization: string): Promise<{ body: any; headers: Headers }> {
  const response = await fetch(url, { headers: { authorization } });
  assert.equal(response.status, 200, `${url}: ${response.status}`);
  return { body: await response.json(), headers: response.headers };
}

/** Every stored order, through the API. */
async function allOrders(server: ServerProcess, authorization: string): Promise<any[]> {
  const orders: any[] = [];
  for (let page = 1; ; page++) {
    const { body, headers } = await json(`${server.url}/wp-json/wc/v3/orders?per_page=100&page=${page}`, authorization);
    orders.push(...body);
    if (page >= Number(headers.get('x-wp-totalpages'))) return orders;
  }
}

/** The order numbers of the order confirmations in the mail log, one entry per message. */
async function confirmationsInMailLog(server: ServerProcess, authorization: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const { body, headers } = await json(
      `${server.url}/wp-json/vitrine/v1/mail?per_page=100&page=${page}`,
      authorization,
    );
    for (const message of body)
      if (message.kind === 'order-confirmation') numbers.push(/VT-\d{6}/.exec(message.subject)![0]);
    if (page >= Number(headers.get('x-wp-totalpages'))) return numbers;
  }
}

/**
 * One shopper without JavaScript, up to the order button: the product in the cart and the checkout form open. Returns
 * the submission of the form (the order number when confirmed), to be fired with the others at once.
 */
async function readyToOrder(
  siteUrl: string,
  product: Tracked,
  quantity: number,
  ip: string,
  ticked: Record<string, string>,
): Promise<(() => Promise<string | null>) | null> {
  const visitor = new Visitor(siteUrl);
  const headers = { 'x-forwarded-for': ip };
  await visitor.get(`/product/${product.slug}`);
  const added = await visitor.post(
    '/cart/add',
    { product_id: String(product.id), quantity: String(quantity) },
    { headers },
  );
  if (added.status !== 303) return null;
  await visitor.get('/checkout');
  return async () => {
    // Each shopper their own e-mail, as each has their own address: the limit of unpaid orders per e-mail would
    // otherwise refuse all but the first few orders, which this test needs to crash in the middle of.
    const placed = await visitor.post(
      '/checkout',
      { ...address, email: `crash-${ip}@example.com`, ...ticked },
      { headers },
    );
    return placed.status === 303 ? (/\/order-received\/(VT-\d+)/.exec(placed.location ?? '')?.[1] ?? null) : null;
  };
}

for (const kind of STORE_KINDS) {
  describe(`orders and stock on the ${kind.name} store when the server is killed`, () => {
    it(`leaks no stock over ${ROUNDS} kill -9s in the middle of checkouts and cancellations`, async (t) => {
      const env = { ...(await kind.freshShop()), TRUST_PROXY: '1' };
      let server = await startServerProcess(env);
      const created = await vitrine(
        ['user', 'create', 'manager', '--role', 'shop_manager', '--password', 'manager-password'],
        env,
      );
      assert.equal(created.code, 0, created.stderr);
      const appPassword = (await vitrine(['app-password', 'create', 'manager'], env)).stdout
        .trimEnd()
        .split('\n')
        .at(-1)!;
      const authorization = `Basic ${Buffer.from(`manager:${appPassword}`).toString('base64')}`;
      const rest = (path: string) => `${server.url}/wp-json${path}`;
      // A failed check must not leave the server running (it would keep the test process alive).
      t.after(() => server.kill());

      const { body: listed } = await json(
        rest('/wc/v3/products?per_page=100&type=simple&status=publish&stock_status=instock'),
        authorization,
      );
      const tracked: Tracked[] = [...listed]
        .sort((a: any, b: any) => b.stock_quantity - a.stock_quantity)
        .slice(0, PRODUCTS)
        .map((product: any) => ({ id: product.id, slug: product.slug, initial: product.stock_quantity }));
      assert.equal(tracked.length, PRODUCTS);
      // The checkout asks for the boxes that refer to a legal page once it is published (a new shop has none yet).
      await publishLegalPages({ restUrl: rest, authorization });
      const {
        body: { checkboxes: boxes },
      } = await json(rest('/compliance/v1/checkboxes'), authorization);
      const checkoutBoxes = boxes.filter((box: any) => box.location === 'checkout' && box.enabled);
      const ticked = Object.fromEntries(
        checkoutBoxes.filter((box: any) => box.required).map((box: any) => [`legal_${box.id}`, '1']),
      );

      const confirmed = new Set<string>();
      let cancels = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const known = await allOrders(server, authorization);
        const cancellable = known.filter((order) => order.status === 'on-hold').slice(0, 3);
        const shoppers = (
          await Promise.all(
            Array.from({ length: SHOPPERS }, (_, index) =>
              readyToOrder(
                server.url,
                tracked[(round + index) % PRODUCTS]!,
                1 + (index % 3),
                `10.0.${round}.${index + 1}`,
                ticked,
              ),
            ),
          )
        ).filter((submit) => submit !== null);
        // Every order button pressed at once, with cancellations among them, and the server killed while they run.
        const burst = Promise.allSettled([
          ...cancellable.map((order) =>
            fetch(rest(`/wc/v3/orders/${order.id}`), {
              method: 'PUT',
              headers: { authorization, 'content-type': 'application/json' },
              body: JSON.stringify({ status: 'cancelled' }),
            }).then((response) => (response.ok ? (cancels++, null) : null)),
          ),
          ...shoppers.map((submit) => submit()),
        ]);
        await sleep(30 + Math.random() * 400);
        await server.kill();
        for (const outcome of await burst)
          if (outcome.status === 'fulfilled' && typeof outcome.value === 'string') confirmed.add(outcome.value);

        server = await startServerProcess(env);
        const orders = await allOrders(server, authorization);
        const numbers = new Set(orders.map((order) => order.number));
        assert.equal(numbers.size, orders.length, `round ${round + 1}: no order number twice`);
        for (const number of confirmed)
          assert.ok(numbers.has(number), `round ${round + 1}: the confirmed order ${number} was stored`);
        for (const product of tracked) {
          const held = orders
            .filter((order) => order.status !== 'cancelled' && order.status !== 'refunded')
            .flatMap((order) => order.line_items)
            .filter((line: any) => line.product_id === product.id)
            .reduce((sum: number, line: any) => sum + line.quantity, 0);
          const { body: now } = await json(rest(`/wc/v3/products/${product.id}`), authorization);
          assert.equal(
            now.stock_quantity,
            product.initial - held,
            `round ${round + 1}: product ${product.id} started with ${product.initial}, orders hold ${held}`,
          );
        }
        for (const order of orders) {
          const { body: detail } = await json(rest(`/vitrine/v1/orders/${order.id}`), authorization);
          assert.equal(
            detail.consent_proof.length,
            checkoutBoxes.length,
            `round ${round + 1}: ${order.number} keeps its consent proof`,
          );
        }
        // The confirmation is stored with its order: one for each stored order, none for an order that was not stored.
        const confirmations = (await confirmationsInMailLog(server, authorization)).sort();
        assert.deepEqual(confirmations, [...numbers].sort(), `round ${round + 1}: one confirmation per stored order`);
      }
      const orders = await allOrders(server, authorization);
      await server.stop();
      const cancelled = orders.filter((order) => order.status === 'cancelled').length;
      t.diagnostic(
        `${orders.length} orders stored (${confirmed.size} confirmed to their shoppers before a kill), ${cancelled} cancelled (${cancels} answered before a kill)`,
      );
      assert.ok(orders.length > 0, 'some checkouts were stored');
    });
  });
}
