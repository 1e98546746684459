// The product editor in Chromium, on a real server with the demo shop. A manager adds a variable
// product with two attributes and four variations (images from the media library with alt texts, a refused weight
// shown beside its field first), and shoppers then find it by those attributes on /shop and through /facet/v1/filter;
// leaving with unsaved changes asks first. A manager follows the product-safety report to the editor's safety
// section and fills in the manufacturer by keyboard. Axe on every state, no page errors, no CSP violations.
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { fetchJson } from '../server/support/test-server.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

describe('the admin panel: the product editor', () => {
  // Both tests write products: each gets its own server over a copy of the demo shop.
  const shop = useShopInBrowser({ ownServer: true });
  let apiAuth: string;
  let png: Buffer;
  const api = (path: string, init: Parameters<typeof fetchJson>[1] = {}) =>
    fetchJson(shop.server.restUrl(path), {
      ...init,
      headers: { authorization: apiAuth, ...(init.headers as Record<string, string>) },
    });

  before(async () => {
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });

  beforeEach(async () => {
    apiAuth = await shop.server.basicAuthFor('shop_manager', 'api-editor');
    await shop.server.store.site.update((site) => {
      site.settings.compliance.gpsr_enabled = true;
    });
  });

  async function assertAccessible(page: Page, where: string): Promise<void> {
    assert.deepEqual(await seriousAxeViolations(page), [], `axe: ${where}`);
  }

  it('adds a variable product with two attributes and four variations, which shoppers then filter by those attributes', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'edda', '/admin/products');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    const addProduct = page.getByRole('link', { name: 'Add product' });
    await addProduct.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor();
    assert.match(page.url(), /\/admin\/products\/new$/);
    await assertAccessible(page, 'a new product');

    const name = 'Aurora rain jacket';
    const category = shop.server.store.catalog.data.categories.find((candidate) => candidate.parent === 0)!;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Product type').selectOption('variable');
    await page.getByLabel('Status', { exact: true }).selectOption('publish');
    await page.getByLabel('Description', { exact: true }).fill('A light jacket for rainy days.');
    await page.getByRole('checkbox', { name: category.name, exact: true }).check();
    await page.getByLabel('Weight (kg)').fill('1,5 kg');
    await page.getByLabel('Manufacturer name').fill('Aurora Outdoor');

    // Two attributes, each with two terms typed into the token field.
    for (const [attribute, terms] of [
      ['Colour', ['Aurora blue', 'Aurora green']],
      ['Size', ['S', 'XL']],
    ] as const) {
      await page.getByRole('button', { name: 'Add attribute' }).click();
      const fresh = page.getByRole('group', { name: /^Attribute \d$/ }).last();
      await fresh.getByLabel('Attribute name').fill(attribute);
      const group = page.getByRole('group', { name: attribute, exact: true });
      for (const term of terms) {
        await group.getByLabel('Terms').fill(term);
        await group.getByLabel('Terms').press('Enter');
      }
      assert.equal(await group.getByLabel('Used for variations').isChecked(), true);
    }
    await page.getByRole('button', { name: 'Generate variations' }).click();
    await page.getByRole('status').filter({ hasText: '4 variations added' }).waitFor();
    const variations = page.getByRole('group', { name: /^Colour: .*, Size: / });
    assert.equal(await variations.count(), 4);
    for (const [index, price] of ['49.00', '49.00', '59.00', '59.00'].entries()) {
      await variations.nth(index).getByLabel('Regular price').fill(price);
      // A new variation is not tracked until its stock is counted, as in WooCommerce.
      await variations.nth(index).getByLabel('Manage stock').check();
      await variations
        .nth(index)
        .getByLabel('Stock quantity')
        .fill(String(index + 2));
    }
    await variations.nth(0).getByLabel('Sale price').fill('39.00');

    // The product's image, uploaded in the media-library browser, with its alt text.
    await page.getByRole('button', { name: 'Add images' }).click();
    const library = page.getByRole('dialog', { name: 'Add images' });
    await library
      .locator('input[type="file"]')
      .setInputFiles({ name: 'aurora-front.png', mimeType: 'image/png', buffer: png });
    await library.getByRole('checkbox', { name: 'aurora-front' }).waitFor();
    assert.equal(
      await library.getByRole('checkbox', { name: 'aurora-front' }).isChecked(),
      true,
      'an uploaded image is chosen at once',
    );
    await assertAccessible(page, 'the media-library browser');
    await library.getByRole('button', { name: 'Add chosen images' }).click();
    await page.getByLabel('Alt text: Main image').fill('The Aurora jacket from the front');

    // A variation's own image, chosen by keyboard.
    const firstTitle = 'Colour: Aurora blue, Size: S';
    await page.getByRole('button', { name: `Choose image of ${firstTitle}` }).click();
    const chooser = page.getByRole('dialog', { name: `Image of ${firstTitle}` });
    await chooser.getByRole('checkbox', { name: 'aurora-front' }).focus();
    await page.keyboard.press('Space');
    await chooser.getByRole('button', { name: 'Use this image' }).focus();
    await page.keyboard.press('Enter');
    await chooser.waitFor({ state: 'hidden' });

    // A weight with a unit written after it is refused beside its field, in the manager's words; nothing is stored.
    const before = shop.server.store.catalog.data.products.length;
    await page.getByRole('button', { name: 'Save product' }).click();
    const weightError = page
      .getByRole('alert')
      .filter({ hasText: 'Weight must be a number of kilograms such as 1,25, or empty.' });
    await weightError.waitFor();
    assert.equal(await page.getByLabel('Weight (kg)').getAttribute('aria-invalid'), 'true');
    assert.equal(shop.server.store.catalog.data.products.length, before);
    await assertAccessible(page, 'the editor with a refused field');

    // The shop's decimal comma is read.
    await page.getByLabel('Weight (kg)').fill('1,5');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Edit product', level: 1 }).waitFor({ state: 'attached' });
    await page.locator('.vitrine-editor__state').filter({ hasText: 'Saved' }).waitFor();

    const stored = (await api(`/wc/v3/products/${id}`)).body;
    assert.equal(stored.name, name);
    assert.equal(stored.type, 'variable');
    assert.equal(stored.status, 'publish');
    assert.equal(stored.weight, '1.5');
    assert.deepEqual(
      stored.categories.map((item: { id: number }) => item.id),
      [category.id],
    );
    assert.deepEqual(
      stored.attributes.map((item: { name: string; options: string[] }) => [item.name, item.options]),
      [
        ['Colour', ['Aurora blue', 'Aurora green']],
        ['Size', ['S', 'XL']],
      ],
    );
    assert.equal(stored.images[0].alt, 'The Aurora jacket from the front');
    assert.equal(stored.price, '39.00');
    assert.ok(
      stored.meta_data.some(
        (entry: { key: string; value: string }) =>
          entry.key === 'gpsr_manufacturer_name' && entry.value === 'Aurora Outdoor',
      ),
    );
    const storedVariations = (await api(`/wc/v3/products/${id}/variations`)).body as {
      attributes: { option: string }[];
      regular_price: string;
      image: { alt: string } | null;
    }[];
    assert.equal(storedVariations.length, 4);
    assert.deepEqual(
      storedVariations.map((variation) => variation.attributes.map((attribute) => attribute.option).join('/')).sort(),
      ['Aurora blue/S', 'Aurora blue/XL', 'Aurora green/S', 'Aurora green/XL'],
    );
    assert.ok(
      storedVariations.find(
        (variation) => variation.attributes[0]!.option === 'Aurora blue' && variation.attributes[1]!.option === 'S',
      )!.image,
    );
    await assertAccessible(page, 'the saved variable product');

    // Leaving with unsaved changes asks first; dismissing keeps the edit.
    await page.getByLabel('Name', { exact: true }).fill(`${name} (edited)`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    assert.deepEqual(dialogs, ['confirm']);
    assert.match(page.url(), new RegExp(`/admin/products/${id}$`));
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), `${name} (edited)`);

    // Shoppers find it by its attributes: on /shop, and through /facet/v1/filter.
    const visitor = await shop.browser.newPage();
    await visitor.goto(`${shop.server.url}/shop?sf_color=aurora-blue`);
    assert.deepEqual(await visitor.locator('.facet-filter__title').allInnerTexts(), [name]);
    await visitor.goto(`${shop.server.url}/shop?sf_color=aurora-green&sf_size=xl`);
    assert.deepEqual(await visitor.locator('.facet-filter__title').allInnerTexts(), [name]);
    await visitor.close();
    const filtered = await fetchJson(shop.server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      json: { query: { sf_color: 'aurora-green', sf_size: 's' } },
    });
    assert.equal(filtered.body.found, 1);
    assert.match(filtered.body.results_html, /Aurora rain jacket/);

    // Closing or reloading the tab asks too: the page cancels beforeunload (checked on the event: whether Chromium
    // shows its dialog for a tab closed by a script depends on its own rules about user gestures).
    assert.equal(
      await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }))),
      true,
    );

    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('adds a simple product untracked by default, and refuses tracking without a quantity beside its field', async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'ulla', '/admin/products/new');
    await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Clay cup');
    await page.getByLabel('Regular price').fill('25,00');
    const track = page.getByLabel('Manage stock');
    assert.equal(await track.isChecked(), false, 'a new product is not tracked');
    await track.check();
    const before = shop.server.store.catalog.data.products.length;
    await page.getByRole('button', { name: 'Save product' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Enter how many are in stock, or untick "Manage stock" to sell without counting.' })
      .waitFor();
    assert.equal(await page.getByLabel('Stock quantity').getAttribute('aria-invalid'), 'true');
    await page.waitForFunction(
      () => document.activeElement === document.querySelector('[aria-invalid="true"]'),
      undefined,
      { timeout: 5000 },
    );
    assert.equal(
      await page.evaluate(() => (document.activeElement as HTMLElement).id),
      await page.getByLabel('Stock quantity').getAttribute('id'),
      'the focus moved from Save to the refused field',
    );
    assert.equal(shop.server.store.catalog.data.products.length, before, 'nothing stored');
    await assertAccessible(page, 'the editor with a tracked product and no quantity');

    await track.uncheck();
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const stored = (await api(`/wc/v3/products/${/(\d+)$/.exec(page.url())![1]}`)).body;
    assert.equal(stored.manage_stock, false);
    assert.equal(stored.stock_status, 'instock');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("follows the product-safety report to the editor's safety section and fills in the manufacturer by keyboard", async () => {
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'gerd', '/admin/product-safety');
    const report = (await api('/compliance/v1/product-safety')).body;
    const listed =
      report.products.find((product: { missing: string[] }) => product.missing.length === 3) ?? report.products[0];
    const edit = page.getByRole('link', { name: `Edit ${listed.title}` });
    await edit.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/admin/products/${listed.id}#product-safety$`));
    await page.getByRole('heading', { name: 'Edit product', level: 1 }).waitFor();
    // The safety section's first field has the focus.
    await page.waitForFunction(() => document.activeElement?.closest('#product-safety') !== null);
    assert.equal(
      await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent),
      'Manufacturer name',
    );

    await page.keyboard.type('Nordic Goods AB');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Storgatan 1, 111 22 Stockholm, Sweden');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not a contact');
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.focus();
    await page.keyboard.press('Enter');
    const contact = page.getByLabel('Manufacturer email or web address');
    await page.getByRole('alert').filter({ hasText: 'Enter an email address (name@example.com)' }).waitFor();
    assert.equal(await contact.getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'the safety section with a refused contact');

    await contact.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('safety@nordic.example');
    await save.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    const meta = Object.fromEntries(
      ((await api(`/wc/v3/products/${listed.id}`)).body.meta_data as { key: string; value: string }[]).map((entry) => [
        entry.key,
        entry.value,
      ]),
    );
    assert.equal(meta.gpsr_manufacturer_name, 'Nordic Goods AB');
    assert.equal(meta.gpsr_manufacturer_address, 'Storgatan 1, 111 22 Stockholm, Sweden');
    assert.equal(meta.gpsr_manufacturer_contact, 'safety@nordic.example');
    const after = (await api('/compliance/v1/product-safety')).body;
    assert.ok(
      !after.products.some((product: { id: number }) => product.id === listed.id),
      'the report no longer lists it',
    );

    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
