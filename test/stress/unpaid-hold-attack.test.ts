// The stock-locking attack, replayed: from three addresses, many browsers with many e-mails put as much as the shop
// lets them into their carts and order it by bank transfer, never paying. The units held stay under what the caps
// allow (per address: unpaid orders per source × units per guest order), a paying customer still buys, and when the
// holds end, sweepers in two processes at once (one of them killed with SIGKILL midway, then swept again) cancel each
// attack order once and give its stock back exactly once. On either store.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { startServerProcess, vitrine, type ServerProcess } from '../server/support/processes.js';
import { STORE_KINDS } from '../server/support/store-kinds.js';
import { Visitor } from '../server/support/visitor.js';

const ADDRESSES = ['198.51.100.7', '198.51.100.8', '2001:db8:7:7::1'];
// Within the shop's 30 form posts per address and minute: a browser's adds (a refused one and an accepted one per
// line) and its order.
const BROWSERS_PER_ADDRESS = 4;
const LINES_PER_CART = 3;
const DAY = 24 * 60 * 60 * 1000;
const SWEEPER = fileURLToPath(new URL('./support/sweep-holds.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The defaults of the checkout settings the caps come from.
const UNPAID_PER_SOURCE = 3;
const GUEST_ORDER_UNITS = 30;
const GUEST_LINE_UNITS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shopper = {
  first_name: 'Jan',
  last_name: 'Zły',
  street: 'Ciemna 1',
  postcode: '00-950',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
};

async function json(url: string, authorization: string): Promise<{ body: any; headers: Headers }> {
  const response = await fetch(url, { headers: { authorization } });
  assert.equal(response.status, 200, `${url}: ${response.status}`);
  return { body: await response.json(), headers: response.headers };
}

async function paged(server: ServerProcess, path: string, authorization: string): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const { body, headers } = await json(
      `${server.url}/wp-json${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`,
      authorization,
    );
    all.push(...body);
    if (page >= Number(headers.get('x-wp-totalpages'))) return all;
  }
}

/** Stock per product id, as the server answers it. */
async function stockByProduct(server: ServerProcess, authorization: string): Promise<Map<number, number>> {
  const products = await paged(server, '/wc/v3/products?type=simple&status=publish', authorization);
  return new Map(products.map((product) => [product.id, product.stock_quantity ?? 0]));
}

/**
 * One attacking browser: as many units as the shop lets it add of each of `targets`, then the order by bank transfer.
 * Answers the order's number, or null when the checkout refused it.
 */
async function attack(
  siteUrl: string,
  ip: string,
  email: string,
  targets: any[],
  ticked: Record<string, string>,
): Promise<string | null> {
  const visitor = new Visitor(siteUrl);
  const headers = { 'x-forwarded-for': ip };
  await visitor.get(`/product/${targets[0].slug}`);
  for (const product of targets) {
    // The attacker asks for 99, then for less when refused.
    for (const quantity of [99, GUEST_LINE_UNITS]) {
      const added = await visitor.post(
        '/cart/add',
        { product_id: String(product.id), quantity: String(Math.min(quantity, product.stock_quantity)) },
        { headers },
      );
      if (added.status === 303) break;
    }
  }
  await visitor.get('/checkout');
  const placed = await visitor.post(
    '/checkout',
    { ...shopper, email, payment_method: 'bank_transfer', ...ticked },
    { headers },
  );
  return placed.status === 303 ? (/VT-\d{6}/.exec(placed.location ?? '')?.[0] ?? null) : null;
}

/**
 * Runs the sweep script at `at` in a process of its own; `killAfterMs` kills it with SIGKILL that long into its sweep.
 */
function sweepInProcess(env: NodeJS.ProcessEnv, at: Date, killAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SWEEPER, at.toISOString()], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let armed = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (killAfterMs === undefined || armed || !output.startsWith('sweeping\n')) return;
      armed = true;
      setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', () => resolve(output));
  });
}

for (const kind of STORE_KINDS) {
  describe(`the stock-locking attack on the ${kind.name} store`, () => {
    it('holds no more than the caps allow, lets a paying customer buy, and returns each expired hold once', async (t) => {
      const env = { ...(await kind.freshShop()), TRUST_PROXY: '1' };
      const server = await startServerProcess(env);
      t.after(() => server.kill());
      assert.equal(
        (await vitrine(['user', 'create', 'manager', '--role', 'shop_manager', '--password', 'manager-password'], env))
          .code,
        0,
      );
      const appPassword = (await vitrine(['app-password', 'create', 'manager'], env)).stdout
        .trimEnd()
        .split('\n')
        .at(-1)!;
      const authorization = `Basic ${Buffer.from(`manager:${appPassword}`).toString('base64')}`;
      const rest = (path: string) => `${server.url}/wp-json${path}`;
      await publishLegalPages({ restUrl: rest, authorization });
      const {
        body: { checkboxes },
      } = await json(rest('/compliance/v1/checkboxes'), authorization);
      const ticked = Object.fromEntries(
        checkboxes
          .filter((box: any) => box.location === 'checkout' && box.enabled && box.required)
          .map((box: any) => [`legal_${box.id}`, '1']),
      );

      const initial = await stockByProduct(server, authorization);
      const inStock = (
        await paged(server, '/wc/v3/products?type=simple&status=publish&stock_status=instock', authorization)
      ).sort((a, b) => a.stock_quantity - b.stock_quantity);
      const soldOutBefore = [...initial.values()].filter((units) => units === 0).length;

      // Every browser of every address at once, each after the products with the least stock (sold out soonest).
      const attempts = ADDRESSES.flatMap((ip, address) =>
        Array.from({ length: BROWSERS_PER_ADDRESS }, (_, browser) => {
          const start = (address * BROWSERS_PER_ADDRESS + browser) * LINES_PER_CART;
          return attack(
            server.url,
            ip,
            `attacker-${address}-${browser}@example.com`,
            inStock.slice(start % inStock.length, (start % inStock.length) + LINES_PER_CART),
            ticked,
          );
        }),
      );
      const placed = (await Promise.all(attempts)).filter((number): number is string => number !== null);

      const orders = await paged(server, '/wc/v3/orders', authorization);
      const attackOrders = orders.filter((order) => placed.includes(order.number));
      assert.equal(attackOrders.length, placed.length);
      for (const order of attackOrders) {
        const units = order.line_items.reduce((sum: number, line: any) => sum + line.quantity, 0);
        assert.ok(units <= GUEST_ORDER_UNITS, `${order.number} holds ${units} units, over the guest cap`);
        for (const line of order.line_items)
          assert.ok(
            line.quantity <= GUEST_LINE_UNITS,
            `${order.number}: ${line.quantity} × product ${line.product_id}`,
          );
      }
      assert.ok(placed.length > 0, 'the attack placed orders');
      assert.ok(
        placed.length <= ADDRESSES.length * UNPAID_PER_SOURCE,
        `${placed.length} unpaid orders from ${ADDRESSES.length} addresses`,
      );
      const held = (await json(rest('/vitrine/v1/stock/held'), authorization)).body as Array<{
        product_id: number;
        held_units: number;
      }>;
      const heldUnits = held.reduce((sum, entry) => sum + entry.held_units, 0);
      const totalUnits = [...initial.values()].reduce((sum, units) => sum + units, 0);
      assert.ok(heldUnits <= ADDRESSES.length * UNPAID_PER_SOURCE * GUEST_ORDER_UNITS, `${heldUnits} units held`);
      const during = await stockByProduct(server, authorization);
      const soldOutByAttack = [...during.values()].filter((units) => units === 0).length - soldOutBefore;
      t.diagnostic(
        `${placed.length} attack orders of ${attempts.length} tries hold ${heldUnits} of ${totalUnits} units (${((100 * heldUnits) / totalUnits).toFixed(1)}%); ${soldOutByAttack} of ${initial.size} products sold out by it`,
      );

      // A paying customer from elsewhere still buys what the attackers went after.
      const wanted = inStock.find((product) => (during.get(product.id) ?? 0) > 0)!;
      const customer = new Visitor(server.url);
      await customer.get(`/product/${wanted.slug}`);
      assert.equal(
        (
          await customer.post(
            '/cart/add',
            { product_id: String(wanted.id), quantity: '1' },
            { headers: { 'x-forwarded-for': '192.0.2.55' } },
          )
        ).status,
        303,
      );
      await customer.get('/checkout');
      const bought = await customer.post(
        '/checkout',
        { ...shopper, email: 'customer@example.com', payment_method: 'cash_on_delivery', ...ticked },
        { headers: { 'x-forwarded-for': '192.0.2.55' } },
      );
      assert.equal(bought.status, 303, 'the paying customer placed the order');

      // The holds end: two sweepers at once, one killed midway; then one more sweep finishes what was left.
      const ended = new Date(
        Math.max(...attackOrders.map((order) => Date.parse(`${order.date_created_gmt}Z`))) + 3 * DAY + 60_000,
      );
      const [whole, killed] = await Promise.all([
        sweepInProcess(env, ended),
        sweepInProcess(env, ended, Math.random() * 60),
      ]);
      const last = await sweepInProcess(env, ended);
      t.diagnostic(`sweeps: ${[whole, killed, last].map((output) => output.split('\n')[1] || 'killed').join(' / ')}`);
      assert.match(last, /^sweeping\n\{"reminded":\[\],"cancelled":\[[\d,]*\]\}/, last);

      const after = await paged(server, '/wc/v3/orders', authorization);
      for (const order of after.filter((stored) => placed.includes(stored.number)))
        assert.equal(order.status, 'cancelled', order.number);
      // Each product's stock is what it started with less the units of the orders that still hold theirs: the stock of
      // every cancelled hold came back, and only once. The server's catalog catches up with the sweepers' edits.
      const stillHeld = new Map<number, number>();
      for (const order of after.filter((stored) => stored.status !== 'cancelled' && stored.status !== 'refunded')) {
        for (const line of order.line_items)
          stillHeld.set(line.product_id, (stillHeld.get(line.product_id) ?? 0) + line.quantity);
      }
      let now = await stockByProduct(server, authorization);
      for (
        let wait = 0;
        wait < 20 && [...initial].some(([id, units]) => now.get(id) !== units - (stillHeld.get(id) ?? 0));
        wait++
      ) {
        await sleep(500);
        now = await stockByProduct(server, authorization);
      }
      for (const [id, units] of initial)
        assert.equal(now.get(id), units - (stillHeld.get(id) ?? 0), `product ${id}: started with ${units}`);
      const cancellations = (await paged(server, '/vitrine/v1/mail', authorization)).filter(
        (message) => message.kind === 'order-cancelled',
      );
      assert.equal(cancellations.length, placed.length, 'each attack order told cancelled once');
      await server.stop();
    });
  });
}
