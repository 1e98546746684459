/**
 * The store conformance suite: the behaviour of `Store` (server/store/store.ts) that its users rely on, run unchanged
 * against every adapter. An adapter's test file calls `describeStoreContract` with a way to make an empty data
 * location (a folder, a database); each test gets its own, and opens as many instances on it as it needs.
 */
import { describe } from 'node:test';
import { describeAccountsContract } from './accounts-contract.js';
import { describeConcurrencyContract } from './concurrency-contract.js';
import { describeMediaContract } from './media-contract.js';
import { describeDsaNoticesContract } from './dsa-notices-contract.js';
import type { FreshLocation } from './fixtures.js';
import { describeApiKeysContract } from './api-keys-contract.js';
import { describeCatalogEditsContract } from './catalog-edits-contract.js';
import { describePriceHistoryContract } from './price-history-contract.js';
import { describeRecordsContract, type RecordsContractOptions } from './records-contract.js';
import { describeShopContract } from './shop-contract.js';
import { describeOrderStockContract } from './order-stock-contract.js';
import { describeSiteContract } from './site-contract.js';
import { describeLazyCatalogContract } from './lazy-catalog-contract.js';
import { describeSnapshotsContract } from './snapshots-contract.js';
import { describeOutboxContract } from './outbox-contract.js';
import { describeWebhooksContract } from './webhooks-contract.js';
import { describeCouponsContract } from './coupons-contract.js';

export type { DataLocation, FreshLocation } from './fixtures.js';

export function describeStoreContract(
  name: string,
  freshLocation: FreshLocation,
  options: RecordsContractOptions,
): void {
  describe(`Store contract: ${name}`, () => {
    describeSiteContract(freshLocation);
    describe('accounts', () => describeAccountsContract(freshLocation));
    describe('records', () => describeRecordsContract(freshLocation, options));
    describe('catalog edits', () => describeCatalogEditsContract(freshLocation, options));
    describe('concurrency', () => describeConcurrencyContract(freshLocation));
    describe('shop records', () => describeShopContract(freshLocation));
    describe('orders and their stock', () => describeOrderStockContract(freshLocation));
    describe('media', () => describeMediaContract(freshLocation));
    describe('price history', () => describePriceHistoryContract(freshLocation));
    describe('API keys', () => describeApiKeysContract(freshLocation));
    describe('DSA notices', () => describeDsaNoticesContract(freshLocation));
    describe('snapshots', () => describeSnapshotsContract(freshLocation));
    describe('lazy catalog', () => describeLazyCatalogContract(freshLocation));
    describe('outbox', () => describeOutboxContract(freshLocation));
    describe('webhooks', () => describeWebhooksContract(freshLocation));
    describe('coupons', () => describeCouponsContract(freshLocation));
  });
}
