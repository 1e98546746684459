// In the admin: Settings → Payments lists every way to pay. A shop manager sees which online providers are configured,
// whether their keys are test or live ones, the keys masked (never whole, nowhere on the page), the webhook address to
// give Stripe, and the environment variable each value is set by. Chromium, axe-clean, no CSP violation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_51AdminScreen000000wxyz',
  STRIPE_WEBHOOK_SECRET: 'whsec_AdminScreenSigning0000qrst',
  P24_MERCHANT_ID: '164000',
  P24_CRC: 'c0ffee00c0ffee0012ab',
  P24_API_KEY: 'p24-admin-screen-key-9876',
};

describe('the admin panel: payments', () => {
  const shop = useShopInBrowser({ ownServer: true, env: KEYS });

  it('shows each provider configured, its mode, its keys masked and its webhook address', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'paula', '/admin/settings/payments');
    const stripe = page.getByRole('region', { name: 'Stripe (card, BLIK, Przelewy24)' });
    await stripe.getByText('Configured: offered at checkout.').waitFor();
    await stripe.getByText('Test mode: no real money is taken.').waitFor();
    await stripe.getByText('sk_test_••••••••wxyz').waitFor();
    await stripe.getByText('whsec_••••••••qrst').waitFor();
    await stripe.getByText(`${shop.server.url}/payments/stripe/webhook`).waitFor();
    await stripe.getByText(/STRIPE_SECRET_KEY in the server's environment/).waitFor();

    const p24 = page.getByRole('region', { name: 'Przelewy24' });
    // No P24_API_URL: Przelewy24's production, which takes real money.
    await p24.getByText('Live mode: real payments.').waitFor();
    await p24.getByText('••••••••12ab').waitFor();
    await p24.getByText(`${shop.server.url}/payments/przelewy24/notify`).waitFor();
    await page.getByRole('region', { name: 'Direct bank transfer' }).getByText('Always offered').waitFor();

    const html = await page.content();
    for (const [name, value] of Object.entries(KEYS))
      if (name !== 'P24_MERCHANT_ID') assert.ok(!html.includes(value.slice(8, -4)), `${name} is on the page`);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);

    await page.getByRole('link', { name: 'Checkout settings' }).click();
    await page.getByLabel('Minutes an unpaid online payment holds its stock').waitFor();
    await page.close();
  });
});
