/**
 * Seeds an empty data folder with a working demo shop: settings, the demo catalog, a home page with the block,
 * a shop page with the shortcode, and an administrator whose generated password is reported once.
 */
import { generateLoginPassword, hashPassword } from '../auth/passwords.js';
import { seedComplianceDemo } from '../compliance/compliance-seed.js';
import { buildDemoCatalog } from './demo-catalog.js';
import type { Store } from './open-store.js';
import { nextId } from './open-store.js';
import type { Page, SiteData } from './schema.js';

export interface SeedReport {
  adminLogin: string;
  adminPassword: string;
}

function demoPage(site: SiteData, fields: Pick<Page, 'slug' | 'title' | 'content'>, now: string): Page {
  return { id: nextId(site, 'page'), status: 'publish', legal_type: null, author_id: 1, created_at: now, modified_at: now, ...fields };
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
const MODULE_SEEDERS: Array<(site: SiteData, now: string) => void> = [seedComplianceDemo];

export async function seedDemoShop(store: Store): Promise<SeedReport> {
  const adminPassword = generateLoginPassword();
  const passwordHash = await hashPassword(adminPassword);
  const now = new Date().toISOString();
  // A catalog already in the folder (an import, a generated one) is kept, and not rewritten for nothing.
  if (store.catalog.data.products.length === 0) {
    store.catalog.data = buildDemoCatalog();
    await store.catalog.write();
  }
  await store.site.update((site) => {
    site.users.push({
      id: nextId(site, 'user'),
      login: 'admin',
      email: 'admin@example.com',
      display_name: 'Shop Administrator',
      roles: ['administrator'],
      password_hash: passwordHash,
      app_passwords: [],
      created_at: now,
    });
    site.pages.push(demoPage(site, { slug: 'home', title: 'Home', content: HOME_CONTENT }, now));
    site.pages.push(demoPage(site, { slug: 'shop', title: 'Shop', content: SHOP_CONTENT }, now));
    for (const seedModule of MODULE_SEEDERS) seedModule(site, now);
  });
  await store.stats.write();
  return { adminLogin: 'admin', adminPassword };
}
