// A shop manager makes a WooCommerce REST API key in the admin (key and secret shown once), a connector uses it
// through WooCommerce's own client, the list shows its last access, and revoking it locks the connector out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import wooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const { default: WooCommerceRestApi } = wooCommerceRestApiModule;

describe('the admin panel: REST API keys', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('creates a key shown once that the WooCommerce client can use, shows its last access, and revokes it', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'nina', '/admin/api-keys', 'shop_manager');
    await page.getByRole('heading', { name: 'REST API keys' }).waitFor();
    await page.getByRole('button', { name: 'Generate API key' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /description/i })
      .waitFor();
    await page.getByLabel('Description').fill('Marketplace sync');
    await page.getByLabel('Permissions').selectOption('read_write');
    await page.getByRole('button', { name: 'Generate API key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'New API key "Marketplace sync"' });
    await shown.waitFor();
    const [consumerKey, consumerSecret] = (await shown.locator('code').allInnerTexts()).map((text) => text.trim());
    assert.match(consumerKey!, /^ck_[0-9a-f]{40}$/);
    assert.match(consumerSecret!, /^cs_[0-9a-f]{40}$/);
    const row = page.getByRole('row').filter({ hasText: 'Marketplace sync' });
    await row.getByText('Never').waitFor();

    const api = new WooCommerceRestApi({
      url: shop.server.url,
      consumerKey: consumerKey!,
      consumerSecret: consumerSecret!,
      version: 'wc/v3',
    });
    const products = await api.get('products', { per_page: 2 });
    assert.equal(products.status, 200);
    assert.equal(products.data.length, 2);

    await page.reload();
    await page.getByRole('heading', { name: 'REST API keys' }).waitFor();
    assert.equal(await page.getByText(consumerSecret!).count(), 0, 'shown once');
    await row.getByText(consumerKey!.slice(-7)).waitFor();
    assert.equal(await row.getByText('Never').count(), 0, 'the last access is shown');
    await row.getByText('Read/Write').waitFor();

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    const refused = await api.get('products').then(
      () => assert.fail('a revoked key is refused'),
      (error: { response?: { status: number } }) => error.response?.status,
    );
    assert.equal(refused, 401);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
