// facet/v1 configuration, source discovery and reindex on a real server with the demo catalog.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultFacetConfig } from '../../../../server/facets/config.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

describe('facet/v1 admin routes', () => {
  const suite = useTestServer();
  const url = (path: string) => suite.server.restUrl(`/facet/v1${path}`);

  it('refuses anonymous callers with 401 and customers with 403 on every admin route', async () => {
    const customer = await suite.server.basicAuthFor('customer');
    for (const [method, path] of [
      ['GET', '/settings'],
      ['POST', '/settings'],
      ['GET', '/catalog'],
      ['POST', '/reindex'],
    ] as const) {
      assert.equal((await fetchJson(url(path), { method })).status, 401, `${method} ${path}`);
      const forbidden = await fetchJson(url(path), { method, headers: { authorization: customer } });
      assert.equal(forbidden.status, 403, `${method} ${path}`);
      assert.equal(forbidden.body.code, 'rest_forbidden');
    }
  });

  it('reads the default configuration', async () => {
    const { status, body } = await fetchJson(url('/settings'), { headers: { authorization: suite.manager } });
    assert.equal(status, 200);
    assert.deepEqual(body, defaultFacetConfig());
  });

  it('lists the discovered sources with kinds, fitting types, counts, samples and numeric bounds', async () => {
    const { status, body } = await fetchJson(url('/catalog'), { headers: { authorization: suite.manager } });
    assert.equal(status, 200);
    const bySource = new Map(body.sources.map((source: any) => [source.source, source]));
    const products = suite.server.store.catalog.data.products;
    const colour: any = bySource.get('attribute:color');
    assert.equal(colour.kind, 'term');
    assert.ok(colour.types.includes('checkboxes'));
    const distinctColours = new Set(products.flatMap((product) => product.attributes.color ?? []));
    assert.equal(colour.values, distinctColours.size);
    const price: any = bySource.get('field:price');
    assert.equal(price.kind, 'number');
    const prices = products.map((product) => product.sale_price ?? product.regular_price);
    assert.equal(price.min, Math.min(...prices));
    assert.equal(price.max, Math.max(...prices));
    assert.equal((bySource.get('field:in_stock') as any).kind, 'boolean');
    assert.ok(bySource.has('taxonomy:category'));
  });

  /** Polls GET /reindex until the job is no longer running (reindex is a job). */
  async function finishedJob(id: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { body } = await fetchJson(url('/reindex'), { headers: { authorization: suite.manager } });
      if (body.job.id === id && body.job.status !== 'running') return body;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`The reindex job ${id} did not finish.`);
  }

  it('saves a valid configuration whole, answers it with the reindex job it started, and reads it back after', async () => {
    const config = defaultFacetConfig();
    config.facets = config.facets.filter((facet) => facet.name !== 'rating');
    config.per_page = 12;
    const saved = await fetchJson(url('/settings'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: config,
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.per_page, 12);
    assert.equal(saved.body.job.status, 'running');
    const done = await finishedJob(saved.body.job.id);
    assert.equal(done.job.status, 'done');
    assert.equal(done.job.result.facets, config.facets.length);
    assert.equal(done.job.result.indexed, suite.server.store.catalog.data.products.length);
    assert.equal(done.index.facets, config.facets.length, 'the new index is in use');
    const read = await fetchJson(url('/settings'), { headers: { authorization: suite.manager } });
    assert.deepEqual(read.body, config);
  });

  it('fills the documented defaults of facet fields a client leaves out, as WordPress does', async () => {
    const config: any = defaultFacetConfig();
    config.facets = [{ name: 'brand', label: 'Brand', type: 'checkboxes', source: 'field:brand' }];
    const saved = await fetchJson(url('/settings'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: config,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await finishedJob(saved.body.job.id);
    const read = await fetchJson(url('/settings'), { headers: { authorization: suite.manager } });
    assert.deepEqual(read.body.facets, [
      {
        name: 'brand',
        label: 'Brand',
        type: 'checkboxes',
        source: 'field:brand',
        logic: 'or',
        show_counts: true,
        hide_empty: true,
        order: 'count',
        limit: 10,
      },
    ]);
    const restored = await fetchJson(url('/settings'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: defaultFacetConfig(),
    });
    await finishedJob(restored.body.job.id);
  });

  it('rejects an invalid configuration naming every problem, and changes nothing', async () => {
    const before = (await fetchJson(url('/settings'), { headers: { authorization: suite.manager } })).body;
    const config: any = defaultFacetConfig();
    config.facets[0].name = 'Bad Name';
    config.facets[1].source = 'attribute:flavour';
    config.facets[4].type = 'checkboxes_maybe';
    config.per_page = 0;
    config.surprise = true;
    const { status, body } = await fetchJson(url('/settings'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: config,
    });
    assert.equal(status, 400);
    assert.equal(body.code, 'rest_invalid_param');
    const keys = Object.keys(body.data.params).join(' ');
    for (const expected of ['facets[0].name', 'facets[1].source', 'facets[4].type', 'per_page', 'surprise']) {
      assert.ok(keys.includes(expected), `${expected} is named in ${keys}`);
    }
    assert.deepEqual((await fetchJson(url('/settings'), { headers: { authorization: suite.manager } })).body, before);
    const notObject = await fetchJson(url('/settings'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: [1],
    });
    assert.equal(notObject.status, 400);
  });

  it('reindexes as a job: POST starts it (202), GET reads its progress, then what it indexed and when', async () => {
    const { status, body } = await fetchJson(url('/reindex'), {
      method: 'POST',
      headers: { authorization: suite.manager },
    });
    assert.equal(status, 202);
    assert.equal(body.job.status, 'running');
    assert.ok(body.job.progress >= 0 && body.job.progress < 100);
    const done = await finishedJob(body.job.id);
    assert.equal(done.job.progress, 100);
    assert.deepEqual(Object.keys(done.job.result).sort(), ['facets', 'indexed', 'took_ms', 'values']);
    assert.equal(done.job.result.indexed, suite.server.store.catalog.data.products.length);
    assert.ok(done.job.result.values > 20);
    assert.ok(Date.parse(done.job.finished_at) >= Date.parse(done.job.started_at));
    assert.ok(Date.parse(done.index.built_at) >= Date.parse(done.job.started_at), 'index health: built by this job');
    assert.equal(typeof done.index.took_ms, 'number');
  });

  it('previews the widget with a configuration that is not saved, and validates it as a save does', async () => {
    const before = (await fetchJson(url('/settings'), { headers: { authorization: suite.manager } })).body;
    const config = defaultFacetConfig();
    const size = config.facets.find((facet) => facet.name === 'size')!;
    Object.assign(size, { order: 'custom', custom_order: ['XL', 'L', 'M', 'S', 'XS'], hide_empty: false });
    config.facets = [size, ...config.facets.filter((facet) => facet !== size)];
    const { status, body } = await fetchJson(url('/preview'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: config,
    });
    assert.equal(status, 200);
    const facetNames = [...body.facets_html.matchAll(/data-facet="([a-z_]+)"/g)].map(
      (match: RegExpMatchArray) => match[1],
    );
    assert.equal(facetNames[0], 'size', 'the unsaved order');
    const sizeHtml = body.facets_html.slice(
      body.facets_html.indexOf('data-facet="size"'),
      body.facets_html.indexOf('data-facet="category"'),
    );
    const sizes = [...sizeHtml.matchAll(/value="([^"]+)"/g)]
      .map((match: RegExpMatchArray) => match[1])
      .filter((value: string) => /^(xs|s|m|l|xl)$/i.test(value));
    assert.deepEqual(
      sizes.map((value: string) => value.toUpperCase()).slice(0, 5),
      ['XL', 'L', 'M', 'S', 'XS'],
      'the custom value order',
    );
    assert.deepEqual(
      (await fetchJson(url('/settings'), { headers: { authorization: suite.manager } })).body,
      before,
      'nothing saved',
    );
    const bad = await fetchJson(url('/preview'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { ...config, per_page: 0 },
    });
    assert.equal(bad.status, 400);
    assert.ok('per_page' in bad.body.data.params);
    const customWithoutList = await fetchJson(url('/preview'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { ...config, facets: [{ ...size, custom_order: [] }] },
    });
    assert.equal(customWithoutList.status, 400);
    assert.ok('facets[0].custom_order' in customWithoutList.body.data.params);
  });
});
