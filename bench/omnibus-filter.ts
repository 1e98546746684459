/**
 * What the Omnibus line costs a `/filter` answer: median of 50 requests with the line off, on with the history cache
 * warm, and on with the cache dropped before every request (one history read per answer), on the demo shop with a
 * price history given to every demo item (60 days at the regular price, sale from 10 days ago).
 * Run: node --import tsx bench/omnibus-filter.ts
 */
import { performance } from 'node:perf_hooks';
import { DAY_MS } from '../server/catalog/omnibus.js';
import { recordPriceChanges } from '../server/catalog/price-history-cache.js';
import { variationsOf, type PricedItem } from '../server/catalog/model.js';
import type { PriceChange } from '../server/store/store.js';
import { startTestServer } from '../test/server/support/test-server.js';

const server = await startTestServer();
const now = Date.now();
const history: PriceChange[] = server.store.catalog.data.products.flatMap((product) => {
  const items: [number, PricedItem][] = variationsOf(product).length
    ? variationsOf(product).map((v) => [v.id, v])
    : [[product.id, product]];
  return items.flatMap(([id, item]) => {
    const base = {
      item_id: id,
      product_id: product.id,
      date_on_sale_from: null,
      date_on_sale_to: null,
      regular_price: item.regular_price,
    };
    const first = { ...base, time: new Date(now - 60 * DAY_MS).toISOString(), sale_price: null };
    return item.sale_price === null
      ? [first]
      : [first, { ...base, time: new Date(now - 10 * DAY_MS).toISOString(), sale_price: item.sale_price }];
  });
});
await recordPriceChanges(server.store, history);
const admin = await server.basicAuthFor('administrator');
const settings = (group: string, json: object) =>
  fetch(server.restUrl(`/compliance/v1/settings/${group}`), {
    method: 'POST',
    headers: { authorization: admin, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

async function median(label: string, before?: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    await before?.();
    const started = performance.now();
    const answer = await fetch(server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { sf_paged: String(1 + (i % 10)) }, widget: { per_page: 24 } }),
    });
    const body = await answer.text();
    if (i >= 10) times.push(performance.now() - started);
    if (i === 0) console.log(`${label}: lines in first answer: ${(body.match(/Lowest price in the/g) ?? []).length}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label}: median ${times[times.length >> 1]!.toFixed(2)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(2)} ms (${history.length} history records)`,
  );
}

await settings('compliance', { omnibus_enabled: false });
await median('Omnibus off');
await settings('compliance', { omnibus_enabled: true });
await median('Omnibus on, cache warm');
// An empty append would not drop the cache; a real record for an item off the page does, as any price change would.
await median('Omnibus on, cache dropped each time', () =>
  recordPriceChanges(server.store, [{ ...history[0]!, time: new Date().toISOString() }]),
);
await server.stop();
