// The providers' keys are configuration and stay there: a real server process with Stripe's and Przelewy24's secrets
// in its environment takes payments, refuses a forged webhook, fails to verify once and pays refunds back, and then
// neither its log output, nor any answer of a REST route an administrator may read, nor the admin's start page, nor
// its data folder holds any of the secrets in clear; the admin's gateways show them masked.
import assert from 'node:assert/strict';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Przelewy24StandIn } from '../../../support/przelewy24-stand-in.js';
import { StripeStandIn } from '../../../support/stripe-stand-in.js';
import { loginCookie } from '../../support/login.js';
import { startServerProcess, type ServerProcess } from '../../support/processes.js';
import { productsInStock, submitCheckout } from '../../support/storefront-order.js';
import { fetchJson, startTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const SECRET_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'P24_CRC', 'P24_API_KEY'] as const;

/**
 * Every 12 characters in a row of the secret past its kind prefix (`sk_test_`, `whsec_`), which a masked key shows:
 * a secret cut, re-encoded whole or half written is still found.
 */
function secretPieces(secret: string): string[] {
  const body = secret.replace(/^(?:sk|rk|whsec)_(?:test_|live_)?/, '');
  const length = Math.min(12, body.length);
  return Array.from({ length: body.length - length + 1 }, (_, start) => body.slice(start, start + length));
}

function assertNoSecret(text: string, where: string, secrets: Record<string, string>): void {
  for (const [variable, secret] of Object.entries(secrets))
    for (const piece of secretPieces(secret))
      assert.ok(!text.includes(piece), `${where} holds ${variable} in clear ("${piece}")`);
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every REST route of the index that answers GET and needs no value in its path, read as `authorization`. */
async function everyRestAnswer(server: ServerProcess, authorization: string): Promise<Map<string, string>> {
  const index = await fetchJson(`${server.url}/wp-json/`, { headers: { authorization } });
  const answers = new Map<string, string>([['/', JSON.stringify(index.body)]]);
  for (const [route, about] of Object.entries(index.body.routes as Record<string, { methods: string[] }>)) {
    if (route === '/' || route.includes('(?P<') || !about.methods.includes('GET')) continue;
    const answer = await fetch(`${server.url}/wp-json${route}`, { headers: { authorization } });
    answers.set(route, await answer.text());
  }
  for (const gateway of ['stripe', 'przelewy24']) {
    const route = `/wc/v3/payment_gateways/${gateway}`;
    answers.set(route, await (await fetch(`${server.url}/wp-json${route}`, { headers: { authorization } })).text());
  }
  return answers;
}

describe('the payment providers’ secrets', () => {
  const stripe = new StripeStandIn();
  const p24 = new Przelewy24StandIn();
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  after(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await Promise.all([stripe.close(), p24.close()]);
  });

  it('reach no log line, no REST answer, no admin page and no file of the data folder in clear', async () => {
    await Promise.all([stripe.start(), p24.start()]);
    const providers = { ...stripe.env(), ...p24.env() };
    const secrets = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, providers[name]!]));
    // The seeded shop is prepared in this process (an administrator to read every route); a real process serves it.
    const seeded = await startTestServer({ env: providers });
    dataDir = seeded.dataDir;
    const authorization = await seeded.basicAuthFor('administrator', 'keeper');
    // Two orders placed, one to pay through each provider; their messages then go to the server process.
    const products = productsInStock(seeded, 2, 0, 3);
    const byStripe = await submitCheckout(
      new Visitor(seeded.url),
      seeded,
      'keys@example.com',
      [products[0]!],
      'stripe',
    );
    const byP24 = await submitCheckout(
      new Visitor(seeded.url),
      seeded,
      'keys@example.com',
      [products[1]!],
      'przelewy24',
    );
    await seeded.stop({ keepData: true });
    server = await startServerProcess({ ...providers, DATA_DIR: seeded.dataDir });

    // Stripe: a forged webhook refused, the genuine one paid, a refund paid back through it (below).
    stripe.webhookUrl = `${server.url}/payments/stripe/webhook`;
    const paid = stripe.pay(stripe.sessionAt(byStripe.location!).id);
    assert.deepEqual(await stripe.deliver(paid, { secret: 'whsec_not_the_shops' }), [400]);
    assert.deepEqual(await stripe.deliver(paid), [200]);
    // Przelewy24: a verification that fails first (logged), then paid.
    const transaction = p24.transactionAt(byP24.location!);
    transaction.urlStatus = `${server.url}/payments/przelewy24/notify`;
    const notification = p24.pay(transaction.token);
    p24.verifyDown = true;
    assert.deepEqual(await p24.notify(notification), [502]);
    p24.verifyDown = false;
    assert.deepEqual(await p24.notify(notification), [200]);
    const orders = await fetchJson(`${server.url}/wp-json/wc/v3/orders?status=processing`, {
      headers: { authorization },
    });
    for (const order of orders.body as Array<{ id: number }>) {
      const refund = await fetchJson(`${server.url}/wp-json/wc/v3/orders/${order.id}/refunds`, {
        method: 'POST',
        headers: { authorization },
        json: { amount: '1.00', reason: 'Checking the keys', api_refund: true },
      });
      assert.equal(refund.status, 201, JSON.stringify(refund.body));
    }
    assert.equal(stripe.refunds.length, 1);
    assert.equal(p24.refunds.length, 1);

    const answers = await everyRestAnswer(server, authorization);
    assert.ok(answers.size > 50, `${answers.size} routes read`);
    for (const [route, text] of answers) assertNoSecret(text, `GET ${route}`, secrets);
    const gateways = answers.get('/wc/v3/payment_gateways')!;
    assert.ok(gateways.includes('sk_test_••••••••'), 'the Stripe key is shown masked');
    assert.ok(gateways.includes(`••••••••${secrets.P24_CRC!.slice(-4)}`), 'the CRC key is shown masked');

    const cookie = await loginCookie(server.url, 'keeper', 'a-long-password');
    const admin = await fetch(`${server.url}/admin/`, { headers: { cookie } });
    assert.equal(admin.status, 200);
    assertNoSecret(await admin.text(), 'the admin page', secrets);

    await server.stop();
    const output = server.output();
    assert.match(output, /przelewy24 did not settle the payment/, 'the failed verification was logged');
    assertNoSecret(output, 'the log output', secrets);
    for (const file of await filesUnder(seeded.dataDir))
      assertNoSecret((await readFile(file)).toString('latin1'), path.relative(seeded.dataDir, file), secrets);
  });
});
