/**
 * Seeds an empty data folder with a working demo shop: settings, the demo catalog, a home page with the block,
 * a shop page with the shortcode, and an administrator whose generated password is reported once.
 */
import { generateLoginPassword, hashPassword } from '../auth/passwords.js';
import { seedComplianceDemo } from '../compliance/setup/compliance-seed.js';
import { recordPriceChanges } from '../catalog/price-history-cache.js';
import { buildDemoCatalog } from './demo-catalog.js';
import { demoPriceHistory } from './demo-price-history.js';
import { withDemoPantry } from './demo-pantry.js';
import { seedShippingDemo } from './demo-shipping.js';
import { nextId } from '../store/next-id.js';
import type { Store } from '../store/store.js';
import type { Page, SiteData } from '../store/schema.js';

export interface SeedReport {
  adminLogin: string;
  adminPassword: string;
}

function demoPage(site: SiteData, fields: Pick<Page, 'slug' | 'title' | 'content'>, now: string): Page {
  return {
    id: nextId(site, 'page'),
    status: 'publish',
    show_in_menu: false,
    menu_order: 0,
    legal_type: null,
    author_id: 0,
    created_at: now,
    modified_at: now,
    ...fields,
  };
}

const HOME_CONTENT = `<!-- wp:heading -->
<h2>Welcome to the Vitrine demo shop</h2>
<!-- /wp:heading -->
<!-- wp:paragraph -->
<p>Filter, sort and page through the catalog below: every state has its own address you can share or bookmark.</p>
<!-- /wp:paragraph -->
<!-- wp:facet/filter {"perPage":12} /-->`;

const SHOP_CONTENT = `<p>All our products. Narrow them down with the filters.</p>
[facet]`;

/**
 * Demo data of the modules (checkboxes, legal pages, ...), applied inside the same single write as the pages above.
 * This file is the one place that composes the demo shop, so it may know every module.
 */
const MODULE_SEEDERS: Array<(site: SiteData, now: string) => void> = [seedComplianceDemo, seedShippingDemo];

/**
 * Seeds the demo shop into a store that has never had a page. The pages and checkboxes are written in one site change
 * that first checks that no page was ever created, so of two processes opening an empty store at once exactly one
 * seeds; that one then creates the administrator and, when the store has no catalog, the demo catalog.
 * @returns the administrator's credentials when this call seeded, null when the store was not empty
 */
export async function seedDemoShop(store: Store): Promise<SeedReport | null> {
  if (store.site.data.last_ids.page > 0) return null;
  const now = new Date().toISOString();
  const claimed = await store.site.update((site) => {
    if (site.last_ids.page > 0) return false;
    site.pages.push(demoPage(site, { slug: 'home', title: 'Home', content: HOME_CONTENT }, now));
    site.pages.push(demoPage(site, { slug: 'shop', title: 'Shop', content: SHOP_CONTENT }, now));
    for (const seedModule of MODULE_SEEDERS) seedModule(site, now);
    return true;
  });
  if (!claimed) return null;
  const adminPassword = generateLoginPassword();
  await store.users.create({
    login: 'admin',
    email: 'admin@example.com',
    display_name: 'Shop Administrator',
    roles: ['administrator'],
    password_hash: await hashPassword(adminPassword),
    created_at: now,
  });
  // A catalog already in the store (an import, a generated one) is kept, and not rewritten for nothing.
  await store.catalog.load();
  if (store.catalog.data.products.length === 0) {
    const demo = withDemoPantry(buildDemoCatalog());
    await store.catalog.replace(demo, demo.products);
    // A plausible past, so that a fresh demo shows the Omnibus line on its sale items. It stays with the demo's item
    // ids, which a shop's own import never reuses (a replace import gives other products fresh ids).
    await recordPriceChanges(store, demoPriceHistory(demo, Date.now()));
  }
  return { adminLogin: 'admin', adminPassword };
}
