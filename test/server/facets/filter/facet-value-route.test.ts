// GET facet/v1/facets/{name}/values on a real server: counts under random filter states equal the brute-force scan,
// the search ignores case and diacritics, and the bounds answer 400 in WordPress's error shape.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { parseFilterState, toQueryString } from '../../../../client/facet-filter/query-state.js';
import type { FacetValueSearchResponse } from '../../../../client/api/facets.js';
import { bruteForce } from '../../../../bench/engines/naive-scan.js';
import { foldText } from '../../../../server/catalog/model.js';
import type { ListFacetResult } from '../../../../server/facets/engine/engine.js';
import { valueLabel } from '../../../../server/facets/fragments/value-label.js';
import { translatorOfLocale } from '../../../../server/i18n/translator.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { queryArbitrary } from '../support/facet-queries.js';

/** Text of HTML written by the escape module (its five entities). */
const unescaped = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

describe('GET /facet/v1/facets/{name}/values', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const values = (name: string, params: string) =>
    fetchJson(server.restUrl(`/facet/v1/facets/${name}/values?${params}`));

  it('counts every matching value as the brute-force scan does, under random filter states', async () => {
    const service = server.plugin.container.get('facets');
    const engine = service.engine();
    const { schema, config } = service.filter({}, {});
    const listFacets = config.facets.filter((facet) => facet.type !== 'range').map((facet) => facet.name);
    const searches = ['', 'a', 'E', 'cr', 'ÉL', 'zz', 'o', 'gwiazd', 'nie'];
    const { locale } = server.store.site.data.settings.general;
    await fc.assert(
      fc.asyncProperty(
        queryArbitrary(engine),
        fc.constantFrom(...listFacets),
        fc.constantFrom(...searches),
        async ({ state, baseCategory }, name, search) => {
          const query = toQueryString(state, schema);
          const category = baseCategory && baseCategory !== 'nowhere' ? `&category=${baseCategory}` : '';
          const { status, body } = await values(
            name,
            `search=${encodeURIComponent(search)}&per_page=100${category}&${query}`,
          );
          assert.equal(status, 200, JSON.stringify(body));
          const answer = body as FacetValueSearchResponse;
          const applied = parseFilterState(new URLSearchParams(query), schema);
          const expected =
            bruteForce(server.store.catalog.data, config, applied, category ? baseCategory : undefined, 1).counts[
              name
            ] ?? {};
          const definition = config.facets.find((facet) => facet.name === name)!;
          // Which values exist, with their labels, from the index; the counts from the scan alone.
          const all = (
            service.filter({}, {}).result.facets.find((facet) => facet.definition.name === name) as ListFacetResult
          ).values;
          const selected = new Set(applied.values[name] ?? []);
          // Searched in the labels the shopper reads (a rating threshold's in the shop's language).
          const wanted = all.filter(
            (info) =>
              (foldText(valueLabel(definition, info.value, info.label, locale)).includes(foldText(search)) ||
                info.value.includes(foldText(search))) &&
              (!definition.hide_empty || (expected[info.value] ?? 0) > 0 || selected.has(info.value)),
          );
          assert.equal(answer.total, wanted.length);
          if (wanted.length <= 100)
            assert.deepEqual(
              new Set(answer.values.map((item) => item.value)),
              new Set(wanted.map((info) => info.value)),
            );
          for (const item of answer.values) {
            assert.equal(item.count, expected[item.value] ?? 0, `${name}=${item.value} under ${query}`);
            assert.equal(item.selected, selected.has(item.value));
          }
          for (let at = 1; at < answer.values.length; at++)
            assert.ok(answer.values[at - 1]!.count >= answer.values[at]!.count, 'most products first');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds a value ignoring case and diacritics, and pages the matches', async () => {
    const brands = (await values('brand', 'per_page=100')).body as FacetValueSearchResponse;
    const brand = brands.values.find((item) => item.label.length > 3)!;
    const typed = brand.label.slice(1, 4).toUpperCase();
    const found = (await values('brand', `search=${encodeURIComponent(typed)}&per_page=100`))
      .body as FacetValueSearchResponse;
    assert.ok(
      found.values.some((item) => item.value === brand.value),
      typed,
    );
    const page = (await values('brand', 'per_page=1&page=2')).body as FacetValueSearchResponse;
    assert.equal(page.values.length, 1);
    assert.equal(page.values[0]!.value, brands.values[1]!.value);
    assert.equal(page.total, brands.total);
  });

  it("names rating thresholds and a yes-or-no facet's no in the visitor's language, as the widget's rows do", async () => {
    try {
      const { locale } = server.store.site.data.settings.general;
      const inStock = server.plugin.container
        .get('facets')
        .config()
        .facets.find((facet) => facet.name === 'in_stock')!;
      const own = locale.slice(0, 2);
      const others = ['pl', 'de', 'en'].filter((language) => language !== own);
      await server.store.site.update((site) => {
        site.settings.general.storefront_languages = others.join(', ');
      });
      for (const prefix of ['', ...others.map((language) => `/${language}`)]) {
        const rest = `${server.url}${prefix}${server.config.restRoot}/facet/v1`;
        const ratings = (await fetchJson(`${rest}/facets/rating/values?per_page=100`)).body as FacetValueSearchResponse;
        // The widget's own rows for the same thresholds, in the same language.
        const { body } = await fetchJson(`${rest}/filter`, { method: 'POST', json: { query: {} } });
        const rows = new Map(
          [
            ...String(body.facets_html).matchAll(/name="sf_rating" value="(\d)"[\s\S]*?facet-filter__label">([^<]*)</g),
          ].map((match) => [match[1]!, unescaped(match[2]!)]),
        );
        assert.ok(ratings.values.length > 0 && rows.size > 0, prefix);
        for (const item of ratings.values) assert.equal(item.label, rows.get(item.value), `${prefix} ${item.value}`);
        const language = prefix ? `${prefix.slice(1)}-${locale.slice(3)}` : locale;
        const no = ((await fetchJson(`${rest}/facets/in_stock/values`)).body as FacetValueSearchResponse).values.find(
          (item) => item.value === '0',
        );
        if (no) assert.equal(no.label, translatorOfLocale(language).t('facets.notValue', { label: inStock.label }));
        const found = (await fetchJson(`${rest}/facets/rating/values?search=${encodeURIComponent(rows.get('4')!)}`))
          .body as FacetValueSearchResponse;
        assert.deepEqual(
          found.values.map((item) => item.value),
          ['4'],
          `${prefix}: found by the label shown`,
        );
      }
    } finally {
      await server.store.site.update((site) => {
        site.settings.general.storefront_languages = '';
      });
    }
  });

  it('answers 400 rest_invalid_param beyond its bounds, 404 for an unknown facet, 400 for a range facet', async () => {
    for (const params of ['per_page=101', 'per_page=0', `search=${'x'.repeat(101)}`, 'page=0']) {
      const { status, body } = await values('brand', params);
      assert.equal(status, 400, params);
      assert.equal(body.code, 'rest_invalid_param', params);
      assert.equal(body.data.status, 400);
    }
    assert.equal((await values('no_such_facet', '')).status, 404);
    const range = await values('price', '');
    assert.equal(range.status, 400);
    assert.equal(range.body.code, 'rest_invalid_param');
  });
});
