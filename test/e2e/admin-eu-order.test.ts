// In the admin's order view, an intra-Community supply says so under the buyer, and a VAT number VIES could not
// confirm is said in bold, to be checked before shipping. Chromium, axe-clean.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Order } from '../../server/store/schema.js';
import { placeTestOrder, stockedProduct } from '../server/support/orders.js';
import { managerInAdmin } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: an EU order', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it('says the order is an intra-Community supply whose VAT number VIES did not confirm', async () => {
    const { store } = shop.server;
    await store.catalog.load();
    const placed = await placeTestOrder(store, {
      product: stockedProduct(store, 1),
      companyTaxId: 'DE136695976',
      company: 'Beispiel GmbH',
    });
    await store.orders.change(placed.id, (stored) => {
      const changed: Order = {
        ...stored,
        taxes: {
          ...stored.taxes,
          scheme: { kind: 'intra_community_supply', vat_number: 'DE136695976', vies: 'unverified' },
        },
      };
      return { order: changed, result: changed };
    });
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'eu', `/admin/orders/${placed.id}`);
    await page.getByText('Intra-Community supply of goods (WDT), 0% VAT: reverse charge.').waitFor();
    const warning = page.locator('strong', { hasText: 'VAT number NOT verified: VIES could not be reached.' });
    await warning.waitFor();
    assert.equal(await warning.count(), 1);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
