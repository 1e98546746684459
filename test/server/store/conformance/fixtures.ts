// Test data and the per-test data location shared by the store conformance suite (store-contract.ts).
import assert from 'node:assert/strict';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';
import { createHash } from 'node:crypto';
import type { CatalogData, Product } from '../../../../server/catalog/model.js';
import type {
  ApplicationPassword,
  Checkbox,
  ConsentRecord,
  Page,
  Session,
  SiteData,
} from '../../../../server/store/schema.js';
import { defaultSettings, SETTINGS_GROUP_IDS } from '../../../../server/store/settings-schema.js';
import type { NewUser, Store, StoreChange } from '../../../../server/store/store.js';

/** Where one test's data lives (a folder, a database): every `open` is a new store instance on the same data. */
export interface DataLocation {
  open(options: { watch: boolean; lazyCatalog?: boolean }): Promise<Store>;
  dispose(): Promise<void>;
}

/** Makes a new, empty data location. */
export type FreshLocation = () => Promise<DataLocation>;

/** The stores a test opened, closed for it at the end even when it fails. */
export class OpenedData {
  readonly #stores = new Set<Store>();
  constructor(private readonly location: DataLocation) {}

  async open(options: { watch?: boolean; lazyCatalog?: boolean } = {}): Promise<Store> {
    const store = await this.location.open({ watch: options.watch ?? true, lazyCatalog: options.lazyCatalog });
    this.#stores.add(store);
    return store;
  }

  async close(store: Store): Promise<void> {
    this.#stores.delete(store);
    await store.close();
  }

  /** Closes `store` and opens a new instance on the same data, as a restart would. */
  async reopen(store: Store, options: { watch?: boolean } = {}): Promise<Store> {
    await this.close(store);
    return this.open(options);
  }

  async dispose(): Promise<void> {
    for (const store of this.#stores) await store.close();
    this.#stores.clear();
    await this.location.dispose();
  }
}

/** Asserts what a new store's site holds: a generated secret, the default settings of every group, nothing else. */
export function assertNewSite(site: SiteData): void {
  assert.match(site.secret, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(Object.keys(site.settings).sort(), [...SETTINGS_GROUP_IDS].sort());
  assert.deepEqual(site.settings, defaultSettings());
  assert.deepEqual(site.pages, []);
  assert.deepEqual(site.checkboxes, []);
  assert.deepEqual(site.wizard, { completed: false, completed_at: null, steps: {} });
  assert.equal(site.facet_config, null);
  assert.deepEqual(site.taxes, defaultTaxes(), 'a new shop starts with the Polish VAT rates');
  assert.deepEqual(site.last_ids, { page: 0, checkbox: 0 });
}

/** SHA-256 hex, the shape both adapters store token and password hashes in. */
export const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

export const newUser = (login: string, email = `${login}@example.com`): NewUser => ({
  login,
  email,
  display_name: `User ${login}`,
  roles: ['customer'],
  password_hash: 'scrypt$salt$hash',
  created_at: '2026-01-02T03:04:05.000Z',
});

/**
 * A session of `userId` that expires `ttlMs` from now (dates are relative to the clock: creation may sweep expired
 * ones).
 */
export const sessionOf = (token: string, userId: number, ttlMs = 3_600_000): Session => ({
  token_hash: sha(token),
  user_id: userId,
  created_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + ttlMs).toISOString(),
});

export const appPassword = (uuid: string, name: string): ApplicationPassword => ({
  uuid,
  name,
  password_hash: sha(`secret of ${uuid}`),
  created: '2026-01-03T10:00:00.000Z',
  last_used: null,
  last_ip: null,
});

export const page = (id: number, slug: string): Page => ({
  id,
  slug,
  title: `Title ${slug}`,
  content: '<p>Żółw</p>',
  status: 'publish',
  show_in_menu: false,
  menu_order: 0,
  legal_type: null,
  author_id: 1,
  created_at: '2026-01-02T03:04:05.678Z',
  modified_at: '2026-01-02T03:04:05.678Z',
});

export const checkbox = (id: number): Checkbox => ({
  id,
  label: `I agree to ${id}`,
  required: true,
  location: 'checkout',
  enabled: true,
  position: id,
  legal_page_id: 0,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
});

export const consent = (checkboxId: number, accepted: boolean, second: number): ConsentRecord => ({
  checkbox_id: checkboxId,
  label: `I agree to ${checkboxId}`,
  location: 'checkout',
  accepted,
  time: `2026-02-03T04:05:${String(second).padStart(2, '0')}.000Z`,
  legal_page_id: 0,
  legal_page_modified_at: null,
  ip: '192.0.2.0',
});

export const product = (id: number, price = 10.5): Product => ({
  id,
  slug: `product-${id}`,
  title: `Product ${id}`,
  description: 'Żółty',
  sku: `SKU-${id}`,
  category_ids: [1],
  brand: 'Acme',
  attributes: { color: ['Red'] },
  regular_price: price,
  sale_price: null,
  rating: 4.5,
  rating_count: 3,
  in_stock: true,
  stock_quantity: 4,
  total_sales: id,
  created_at: '2026-01-02T03:04:05.000Z',
  image: '/p.png',
});

export const catalogMeta: Omit<CatalogData, 'products'> = {
  categories: [{ id: 1, slug: 'cups', name: 'Cups', parent: 0 }],
  attributes: [{ name: 'color', label: 'Colour' }],
};

/** Resolves on the next `wanted` change `store` reports; rejects after `timeoutMs`. */
export function nextChange(store: Store, wanted: StoreChange, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = store.onChange((change) => {
      if (change !== wanted) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no onChange('${wanted}') within ${timeoutMs} ms`));
    }, timeoutMs);
  });
}

/** Records every change `store` reports until the returned `stop()`. */
export function recordChanges(store: Store): { changes: StoreChange[]; stop: () => void } {
  const changes: StoreChange[] = [];
  const stop = store.onChange((change) => changes.push(change));
  return { changes, stop };
}
