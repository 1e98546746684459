/**
 * Seeds an empty data folder with a working demo shop: settings, the demo catalog, a home page with the block,
 * a shop page with the shortcode, and an administrator whose generated password is reported once.
 * The catalog and the pages are written in the demo's language: the shop's (`general.locale`) unless the operator
 * chose another (`DEMO_LANGUAGE`). Once written they are the manager's: changing the locale later rewrites none.
 */
import { escapeHtml } from '../../client/html/escape.js';
import { generateLoginPassword, hashPassword } from '../auth/passwords.js';
import { seedComplianceDemo } from '../compliance/setup/compliance-seed.js';
import { recordPriceChanges } from '../catalog/price-history-cache.js';
import { buildDemoCatalog } from './demo-catalog.js';
import { demoPriceHistory } from './demo-price-history.js';
import { withDemoPantry } from './demo-pantry.js';
import { seedShippingDemo } from './demo-shipping.js';
import { languageOfLocale, type Language } from '../i18n/languages.js';
import { translator, type Translate } from '../i18n/translator.js';
import { defaultFacetConfig, type DefaultFacetLabels } from '../facets/config.js';
import { nextId } from '../store/next-id.js';
import type { Store } from '../store/store.js';
import type { Page, SiteData } from '../store/schema.js';

export interface SeedReport {
  adminLogin: string;
  adminPassword: string;
}

export interface SeedOptions {
  /** The language of the demo's catalog and pages; null or absent: the shop's. */
  demoLanguage?: Language | null;
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

const homeContent = (t: Translate) => `<!-- wp:heading -->
<h2>${escapeHtml(t('seed.homeHeading'))}</h2>
<!-- /wp:heading -->
<!-- wp:paragraph -->
<p>${escapeHtml(t('seed.homeIntro'))}</p>
<!-- /wp:paragraph -->
<!-- wp:facet/filter {"perPage":12} /-->`;

const facetLabels = (t: Translate): DefaultFacetLabels => ({
  category: t('seed.facetCategory'),
  brand: t('seed.facetBrand'),
  color: t('seed.facetColour'),
  size: t('seed.facetSize'),
  price: t('seed.facetPrice'),
  rating: t('seed.facetRating'),
  in_stock: t('seed.facetInStock'),
});

const shopContent = (t: Translate) => `<p>${escapeHtml(t('seed.shopIntro'))}</p>
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
export async function seedDemoShop(store: Store, options: SeedOptions = {}): Promise<SeedReport | null> {
  if (store.site.data.last_ids.page > 0) return null;
  const now = new Date().toISOString();
  // The language this call seeds in, or null when another process seeded first.
  const language = await store.site.update((site): Language | null => {
    if (site.last_ids.page > 0) return null;
    const language = options.demoLanguage ?? languageOfLocale(site.settings.general.locale);
    const { t } = translator(language);
    // The addresses stay `home` and `shop`: the storefront's routes and links name them.
    site.pages.push(demoPage(site, { slug: 'home', title: t('seed.homeTitle'), content: homeContent(t) }, now));
    site.pages.push(demoPage(site, { slug: 'shop', title: t('seed.shopTitle'), content: shopContent(t) }, now));
    // The filter's legends in the demo's language, stored as the shop's own configuration (the manager's to change
    // from then on); English ones are the built-in defaults, which a shop without a stored configuration follows.
    if (language !== 'en') site.facet_config = defaultFacetConfig(facetLabels(t));
    for (const seedModule of MODULE_SEEDERS) seedModule(site, now);
    return language;
  });
  if (!language) return null;
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
    const demo = withDemoPantry(buildDemoCatalog(300, language), language);
    await store.catalog.replace(demo, demo.products);
    // A plausible past, so that a fresh demo shows the Omnibus line on its sale items. It stays with the demo's item
    // ids, which a shop's own import never reuses (a replace import gives other products fresh ids).
    await recordPriceChanges(store, demoPriceHistory(demo, Date.now()));
  }
  return { adminLogin: 'admin', adminPassword };
}
