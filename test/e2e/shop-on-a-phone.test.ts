// The shop on a phone (390 px), in Chromium: every variable product's option list, whose longest option ("Colour:
// Grey, Size: 37 (339,89 zł) – out of stock") is wider than the screen, fits the page, so the shopper sees the whole
// field and the page does not scroll sideways; and so does a customer's account with an order of four figures. A
// product's pictures fit too, a thumbnail brings its picture into view, and a variation's own picture replaces them
// while it is chosen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useGalleryCatalog } from '../server/support/gallery-catalog.js';
import { publishLegalPages } from '../server/support/legal-pages.js';
import { requiredBoxes, SHOPPER_ADDRESS } from '../server/support/storefront-order.js';
import { signInContext } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };

describe('the product page on a phone', () => {
  const shop = useShopInBrowser();

  it("fits every variable product's option list in 390 px", { timeout: 120_000 }, async () => {
    const variable = shop.server.store.catalog.data.products.filter(
      (product) => product.type === 'variable' && product.status !== 'draft',
    );
    assert.ok(variable.length > 0, 'the demo shop has variable products');
    const page = await shop.browser.newPage(PHONE);
    const problems: string[] = [];
    for (const product of variable) {
      await page.goto(`${shop.server.url}/product/${product.slug}`);
      const select = page.getByRole('combobox', { name: 'Wariant' });
      if (!(await select.count())) continue; // nothing of it in stock: no form
      const { overflow, right } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        right: document.querySelector('select[name="variation_id"]')!.getBoundingClientRect().right,
      }));
      if (overflow > 0 || right > 390)
        problems.push(
          `${product.slug}: the page is ${overflow} px too wide, the option list ends at ${Math.round(right)} px`,
        );
    }
    assert.deepEqual(problems, []);
  });
});

describe('product pictures on a phone', () => {
  const shop = useShopInBrowser({ ownServer: true });

  it("shows a thumbnail's picture, and a chosen variation's own picture", { timeout: 120_000 }, async () => {
    const catalog = await useGalleryCatalog(shop.server.store);
    const page = await shop.browser.newPage(PHONE);
    await page.goto(`${shop.server.url}/product/rated-scarf`);
    const strip = page.locator('.product__slides');
    const inView = () =>
      strip.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const shown = [...element.querySelectorAll('img')].find(
          (image) => Math.abs(image.getBoundingClientRect().left - box.left) < 2,
        );
        return shown?.getAttribute('alt');
      });
    assert.equal(await inView(), catalog.pictures[0]!.alt);
    await page.getByRole('link', { name: `Pokaż zdjęcie 2 z 3: ${catalog.pictures[1]!.alt}` }).click();
    await page.waitForFunction(() => document.querySelector('.product__slides')!.scrollLeft > 0);
    await page.waitForTimeout(600); // the smooth scroll settles
    assert.equal(await inView(), catalog.pictures[1]!.alt, 'the thumbnail brought its picture into view');
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the page does not scroll sideways',
    );
    assert.deepEqual(await seriousAxeViolations(page), []);

    await page.goto(`${shop.server.url}/product/${catalog.sweaterSlug}`);
    const own = page.getByRole('img', { name: 'The green sweater' });
    assert.equal(await own.isVisible(), false, 'hidden until its variation is chosen');
    const choice = page.getByRole('combobox', { name: 'Wariant' });
    await choice.selectOption('32');
    assert.equal(await own.isVisible(), true, "the green variation's picture replaces the product's");
    assert.equal(await page.locator('.product__slides').isVisible(), false);
    await choice.selectOption('31');
    assert.equal(await own.isVisible(), false, "a variation without a picture shows the product's");
    assert.equal(await page.locator('.product__slides').isVisible(), true);
  });
});

describe("a customer's account on a phone", () => {
  const shop = useShopInBrowser({ ownServer: true });

  it("lists the customer's orders within 390 px", { timeout: 120_000 }, async () => {
    await publishLegalPages(shop.server);
    await shop.server.basicAuthFor('customer', 'kasia');
    const context = await shop.browser.newContext(PHONE);
    await signInContext(context, shop.server, 'kasia');
    const page = await context.newPage();
    // Four units of the dearest product: a total of four figures ("3591,96 zł", which does not break).
    const product = shop.server.store.catalog.data.products
      .filter((candidate) => candidate.type !== 'variable' && candidate.in_stock && candidate.stock_quantity >= 4)
      .sort((a, b) => b.regular_price - a.regular_price)[0]!;
    await page.goto(`${shop.server.url}/product/${product.slug}`);
    await page.getByRole('spinbutton', { name: 'Ilość' }).fill('4');
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
    await page.goto(`${shop.server.url}/checkout`);
    for (const [name, value] of Object.entries(SHOPPER_ADDRESS))
      if (name !== 'country' && value) await page.locator(`#${name}`).fill(value);
    for (const box of Object.keys(requiredBoxes(shop.server, 'checkout'))) await page.locator(`#${box}`).check();
    await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
    await page.waitForURL(/\/order-received\//);

    await page.goto(`${shop.server.url}/account`);
    const orders = page.getByRole('table', { name: 'Twoje zamówienia' });
    assert.match(await orders.innerText(), /\d{4},\d{2}\szł/, 'the order of four figures is listed');
    const { overflow, right } = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      right: document.querySelector('.account-orders')!.getBoundingClientRect().right,
    }));
    assert.ok(
      overflow <= 0 && right <= 390,
      `the orders table ends at ${Math.round(right)} px, the page is ${overflow} px too wide`,
    );
    assert.deepEqual(await seriousAxeViolations(page), []);
  });
});
