// Product search in the shop's language on a real server: the demo shop (locale pl-PL) with three Polish products
// added, found by other forms of their words through POST facet/v1/filter (sf_q) and GET compliance/v1/search.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFilterState } from '../../../../client/facet-filter/query-state.js';
import { highestItemId, type Product } from '../../../../server/catalog/model.js';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import type { FacetService } from '../../../../server/facets/facet-service.js';
import { bruteForce } from '../../../../bench/engines/naive-scan.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';

const POLISH_TITLES = ['Kubek ceramiczny biały', 'Buty skórzane czarne', 'Koszula lniana męska'];

describe("search by word forms of the shop's language", () => {
  let server: TestServer;
  let added: Product[];
  const facets = () => server.plugin.container.get('facets') as FacetService;
  const filter = (sfQ: string) =>
    fetchJson(server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query: { sf_q: sfQ } } });
  const search = (q: string) => fetchJson(server.restUrl(`/compliance/v1/search?q=${encodeURIComponent(q)}&limit=50`));

  before(async () => {
    server = await startTestServer();
    // The demo catalog is English (its interface's language); a Polish shop's products are added as the products API
    // would.
    const simple = server.store.catalog.data.products.find(
      (product) => !product.variations?.length && product.status !== 'draft',
    )!;
    const firstId = highestItemId(server.store.catalog.data) + 1;
    added = POLISH_TITLES.map((title, at) => ({
      ...simple,
      id: firstId + at,
      title,
      slug: `polish-${at}`,
      sku: `PL-${at}`,
      brand: 'Bałtyk',
      total_sales: 5,
    }));
    await server.store.catalog.change(() => ({ edit: { upsert: added, remove: [] }, result: null }));
  });
  after(() => server.stop());

  const cases: [string, string][] = [
    ['kubki', 'Kubek ceramiczny biały'],
    ['kubkami', 'Kubek ceramiczny biały'],
    ['butów', 'Buty skórzane czarne'],
    ['butow', 'Buty skórzane czarne'],
    ['koszule', 'Koszula lniana męska'],
    ['koszul lnianych', 'Koszula lniana męska'],
  ];

  for (const [query, title] of cases) {
    it(`finds "${title}" for "${query}" through the filter, as the brute-force scan with the same word forms`, async () => {
      const { status, body } = await filter(query);
      assert.equal(status, 200);
      assert.equal(body.found, 1);
      assert.match(body.results_html, new RegExp(title));
      const schema = facets().filter({}, {}).schema;
      const reference = bruteForce(
        server.store.catalog.data,
        defaultFacetConfig(),
        parseFilterState(new URLSearchParams({ sf_q: query }), schema),
        undefined,
        24,
        facets().wordForms(),
      );
      assert.equal(body.found, reference.found);
    });

    it(`finds "${title}" for "${query}" through the compliance search`, async () => {
      const { status, body } = await search(query);
      assert.equal(status, 200);
      assert.deepEqual(
        body.results.map((result: { title: string }) => result.title),
        [title],
      );
      assert.equal(body.total, 1);
    });
  }

  it('keeps the last word a prefix while it is typed', async () => {
    assert.equal((await filter('kube')).body.found, 1);
    assert.deepEqual(
      (await search('kosz')).body.results.map((result: { title: string }) => result.title),
      ['Koszula lniana męska'],
    );
  });

  it("follows the shop's locale: in English, Polish forms are unknown and English ones join", async () => {
    const before = (await filter('shirts')).body.found;
    await server.store.site.update((site) => {
      site.settings.general.locale = 'en-GB';
    });
    try {
      assert.equal((await filter('kubki')).body.found, 0);
      assert.equal((await search('kubki')).body.total, 0);
      const shirts = await filter('shirts');
      assert.ok(
        shirts.body.found > before,
        `"shirts" finds every "Shirt" in English (${shirts.body.found} > ${before})`,
      );
      assert.equal((await search('shirts')).body.total >= shirts.body.found, true);
    } finally {
      await server.store.site.update((site) => {
        site.settings.general.locale = 'pl-PL';
      });
    }
    assert.equal((await filter('kubki')).body.found, 1);
  });
});
