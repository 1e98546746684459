// The facets region is joined from pieces kept between answers (each value's fixed markup, each count's badge): an
// answer made after many others must be byte for byte the one a server that never answered before makes, whatever
// the counts, selections and empty values in between, and a value's new label must show once the index has it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { toQueryString } from '../../../../client/facet-filter/query-state.js';
import type { CatalogData } from '../../../../server/catalog/model.js';
import { defaultFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { renderFragments } from '../../../../server/facets/fragments/index.js';
import type { Store } from '../../../../server/store/store.js';
import { defaultSettings } from '../../../../server/store/settings-schema.js';
import { buildDemoCatalog } from '../../../../server/demo/demo-catalog.js';
import { queryArbitrary } from '../support/facet-queries.js';

const context = { basePath: '/shop', currency: 'PLN', locale: 'pl-PL' };

function serviceOver(catalog: CatalogData, config: FacetConfig | null): FacetService {
  return new FacetService({
    site: { data: { facet_config: config, settings: defaultSettings() } },
    catalog: { data: catalog },
  } as unknown as Store);
}

/** The default facets with empty values shown (greyed out, disabled unless selected), and brand as radio buttons. */
function configShowingEmpty(): FacetConfig {
  const config = defaultFacetConfig();
  for (const facet of config.facets) {
    facet.hide_empty = false;
    if (facet.name === 'brand') facet.type = 'radio';
  }
  return config;
}

describe('the facets region from kept pieces', () => {
  for (const [name, makeConfig] of [
    ['the default facets', defaultFacetConfig],
    ['facets showing empty values', configShowingEmpty],
  ] as const) {
    it(`is what a server that never answered makes, after any answers before it (${name})`, async () => {
      const catalog = buildDemoCatalog();
      // One configuration object for the whole run, as a shop's saved one: its pieces are kept from answer to answer.
      const warm = serviceOver(catalog, makeConfig());
      const { schema } = warm.filter(new URLSearchParams(), {});
      let checked = 0;
      await fc.assert(
        fc.asyncProperty(queryArbitrary(warm.engine()), async ({ state, baseCategory, perPage }) => {
          const query = new URLSearchParams(toQueryString(state, schema));
          const widget = { per_page: perPage, ...(baseCategory ? { category: baseCategory } : {}) };
          const kept = await renderFragments(warm.filter(query, widget), context);
          // A new configuration object: nothing of it kept, every piece made for this answer.
          const fresh = await renderFragments(serviceOver(catalog, makeConfig()).filter(query, widget), context);
          assert.equal(kept.facets_html, fresh.facets_html);
          assert.deepEqual(kept, fresh);
          checked++;
        }),
        { numRuns: 60, seed: 37 },
      );
      assert.equal(checked, 60);
    });
  }

  it("sends a state's facet fieldsets again with its other pages and orders, and only where nothing else in them differs", async () => {
    const catalog = buildDemoCatalog();
    const warm = serviceOver(catalog, defaultFacetConfig());
    const { schema } = warm.filter(new URLSearchParams(), {});
    const orders = [...schema.orderbyOptions];
    // Mostly one language, one page address and two orders, so that many variants share all but one of them.
    const mostly = <T>(usual: T, ...others: T[]) =>
      fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, fc.constantFrom(...others));
    const variant = fc.record({
      page: fc.integer({ min: 1, max: 4 }),
      order: fc.integer({ min: 0, max: 1 }),
      perPage: fc.integer({ min: 1, max: 9 }),
      locale: mostly('pl-PL', 'en-GB', 'de-DE'),
      basePath: mostly('/shop', '/sklep', ''),
      facets: fc.constantFrom(undefined, ['color', 'brand'], ['brand', 'color']),
      // A search among a facet's values (a page's, without JavaScript).
      brandSearch: mostly('', 'a', 'zz'),
    });
    let reused = 0;
    await fc.assert(
      fc.asyncProperty(
        queryArbitrary(warm.engine()),
        fc.array(variant, { minLength: 1, maxLength: 8 }),
        async ({ state, baseCategory }, variants) => {
          const category = baseCategory ? { category: baseCategory } : {};
          for (const { page, order, perPage, locale, basePath, facets, brandSearch } of variants) {
            const next = { ...state, page, orderby: orders[order % orders.length]! };
            const query = new URLSearchParams(toQueryString(next, schema));
            if (brandSearch) query.set('sf_brand_search', brandSearch);
            const widget = { per_page: perPage, ...category, ...(facets ? { facets: [...facets] } : {}) };
            const here = { ...context, locale, basePath };
            const outcome = warm.filter(query, widget);
            const kept = await renderFragments(outcome, here);
            const fresh = await renderFragments(serviceOver(catalog, defaultFacetConfig()).filter(query, widget), here);
            assert.deepEqual(kept, fresh);
            if (warm.filter(query, widget).result.facets === outcome.result.facets) reused++;
          }
        },
      ),
      { numRuns: 60, seed: 41 },
    );
    assert.ok(
      reused > 60,
      `the engine answered the other pages and orders from the state's first answer (${reused} times)`,
    );
  });

  it("shows a category's new name under the same configuration, its address (the value) unchanged", async () => {
    // One configuration object: the kept pieces of the category facet's values are found again by value.
    const config = defaultFacetConfig();
    const before = buildDemoCatalog();
    const category = before.categories.find((candidate) =>
      before.products.some((product) => product.category_ids.includes(candidate.id)),
    )!;
    const first = await renderFragments(serviceOver(before, config).filter(new URLSearchParams(), {}), context);
    assert.ok(first.facets_html.includes(`>${category.name}<`));

    const renamed = buildDemoCatalog();
    const same = renamed.categories.find((candidate) => candidate.id === category.id)!;
    same.name = `${category.name} & <Söhne>`;
    const after = await renderFragments(serviceOver(renamed, config).filter(new URLSearchParams(), {}), context);
    const fresh = await renderFragments(
      serviceOver(renamed, defaultFacetConfig()).filter(new URLSearchParams(), {}),
      context,
    );
    assert.equal(after.facets_html, fresh.facets_html);
    assert.ok(after.facets_html.includes(`>${category.name} &amp; &lt;Söhne&gt;<`), 'the new name, escaped');
    assert.ok(!after.facets_html.includes(`>${category.name}<`), 'not the old name');
  });
});
