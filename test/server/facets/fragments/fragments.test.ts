// The widget's fragments: escaping, links that round-trip through the codec, and counts that match a brute-force
// count over the demo catalog.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilterState, toQueryString, withPage } from '../../../../client/facet-filter/query-state.js';
import type { CatalogData } from '../../../../server/catalog/model.js';
import { defaultFacetConfig, type FacetConfig } from '../../../../server/facets/config.js';
import { FacetService } from '../../../../server/facets/facet-service.js';
import { renderFragments, stateHref } from '../../../../server/facets/fragments/index.js';
import { pageWindow } from '../../../../server/facets/fragments/pagination-fragment.js';
import type { Store } from '../../../../server/store/store.js';
import { defaultSettings } from '../../../../server/store/settings-schema.js';
import { buildDemoCatalog } from '../../../../server/demo/demo-catalog.js';
import { bruteForce } from '../../../../bench/engines/naive-scan.js';

const context = { basePath: '/shop', currency: 'PLN', locale: 'pl-PL' };

function serviceOver(catalog: CatalogData, config: FacetConfig | null = null): FacetService {
  return new FacetService({
    site: { data: { facet_config: config, settings: defaultSettings() } },
    catalog: { data: catalog },
  } as unknown as Store);
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => decode(match[1]!));

describe('renderFragments', () => {
  it('escapes hostile product titles, brands and attribute terms', async () => {
    const catalog = buildDemoCatalog();
    const hostile = catalog.products[0]!;
    hostile.title = '<img src=x onerror=alert(1)>"Coat"';
    hostile.brand = '</script><script>alert(2)</script>';
    hostile.attributes.color = ['<b>Red</b>'];
    hostile.total_sales = 1e9; // first on the first page
    const outcome = serviceOver(catalog).filter(new URLSearchParams(), {});
    const fragments = await renderFragments(outcome, context);
    const all = Object.values(fragments).join('');
    assert.ok(!all.includes('<img src=x'), 'no injected image');
    assert.ok(!all.includes('<script>'), 'no injected script');
    assert.ok(!all.includes('<b>Red</b>'));
    assert.ok(fragments.results_html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the title is shown as text');
    assert.ok(
      fragments.facets_html.includes('&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;'),
      'the brand label is shown as text',
    );
  });

  it('gives every link the canonical URL of its own state', async () => {
    const service = serviceOver(buildDemoCatalog());
    const outcome = service.filter(
      new URLSearchParams('sf_color=navy,black&sf_price=20-&sf_q=wool&sf_orderby=price&sf_paged=2'),
      { per_page: 4 },
    );
    const fragments = await renderFragments(outcome, context);
    const links = [
      ...hrefs(fragments.toolbar_html),
      ...hrefs(fragments.pagination_html),
      ...hrefs(fragments.results_html).filter((href) => href.startsWith('/shop')),
    ];
    assert.ok(links.length >= 6, `chips, clear all and pages are links (${links.length})`);
    for (const href of links) {
      const state = parseFilterState(new URLSearchParams(href.split('?')[1] ?? ''), outcome.schema);
      assert.equal(href, stateHref('/shop', state, outcome.schema), `${href} is canonical`);
    }
    // Each page number links to exactly the current filters on that page.
    const pageLinks = [
      ...fragments.pagination_html.matchAll(/href="([^"]*)"><span class="screen-reader-text">[^<]+<\/span>(\d+)</g),
    ];
    assert.ok(pageLinks.length > 0, 'the other pages are links');
    for (const match of pageLinks) {
      assert.equal(
        decode(match[1]!),
        stateHref('/shop', withPage(outcome.result.state, Number(match[2])), outcome.schema),
      );
    }
    // Chips: each removes exactly one filter.
    const chipStates = hrefs(fragments.toolbar_html.split('facet-filter__clear')[0]!).map((href) =>
      toQueryString(parseFilterState(new URLSearchParams(href.split('?')[1]), outcome.schema), outcome.schema),
    );
    assert.deepEqual(chipStates, [
      'sf_color=navy&sf_price=20-&sf_q=wool&sf_orderby=price',
      'sf_color=black&sf_price=20-&sf_q=wool&sf_orderby=price',
      'sf_color=black,navy&sf_q=wool&sf_orderby=price',
      'sf_color=black,navy&sf_price=20-&sf_orderby=price',
    ]);
  });

  it("writes the active filters and the rating thresholds in the shop's language and numbers", async () => {
    const service = serviceOver(buildDemoCatalog());
    const outcome = service.filter(new URLSearchParams('sf_price=20.5-&sf_rating=4&sf_q=wool'), {});
    const chipTexts = (html: string) =>
      [...html.matchAll(/class="facet-filter__chip"[^>]*><span class="screen-reader-text">[^<]*<\/span>([^<]*)</g)].map(
        (match) => decode(match[1]!),
      );
    const ratingLabels = (html: string) =>
      [
        ...html.matchAll(
          /name="sf_rating" value="\d"[^>]*><span[^>]*>[★☆]+<\/span><span class="facet-filter__label">([^<]*)</g,
        ),
      ].map((match) => decode(match[1]!));
    const expected = {
      'pl-PL': {
        chips: ['Price: od 20,5', 'Rating: od 4 gwiazdek', 'Wyszukiwanie: wool'],
        ratings: ['od 4 gwiazdek', 'od 3 gwiazdek', 'od 2 gwiazdek', 'od 1 gwiazdki'],
      },
      'de-DE': {
        chips: ['Price: ab 20,5', 'Rating: ab 4 Sternen', 'Suche: wool'],
        ratings: ['ab 4 Sternen', 'ab 3 Sternen', 'ab 2 Sternen', 'ab 1 Stern'],
      },
      'en-GB': {
        chips: ['Price: from 20.5', 'Rating: 4 stars & up', 'Search: wool'],
        ratings: ['4 stars & up', '3 stars & up', '2 stars & up', '1 star & up'],
      },
    };
    for (const [locale, { chips, ratings }] of Object.entries(expected)) {
      const fragments = await renderFragments(outcome, { ...context, locale });
      assert.deepEqual(chipTexts(fragments.toolbar_html), chips, `the chips in ${locale}`);
      assert.deepEqual(ratingLabels(fragments.facets_html), ratings, `the rating thresholds in ${locale}`);
    }
  });

  it("offers both answers of a yes-or-no facet shown as a list, the no in the shop's language", async () => {
    const config = defaultFacetConfig();
    config.facets = config.facets.map((facet) =>
      facet.name === 'in_stock' ? { ...facet, type: 'checkboxes' as const } : facet,
    );
    const outcome = serviceOver(buildDemoCatalog(), config).filter(new URLSearchParams('sf_in_stock=0'), {});
    const rowLabels = (html: string) =>
      [...html.matchAll(/name="sf_in_stock" value="\d"[^>]*><span class="facet-filter__label">([^<]*)</g)].map(
        (match) => match[1],
      );
    for (const [locale, no] of [
      ['pl-PL', 'In stock: nie'],
      ['de-DE', 'In stock: nein'],
      ['en-GB', 'In stock: no'],
    ] as const) {
      const fragments = await renderFragments(outcome, { ...context, locale });
      assert.deepEqual(rowLabels(fragments.facets_html), ['In stock', no], `the answers in ${locale}`);
      assert.match(fragments.toolbar_html, new RegExp(`</span>${no}<`), `the chip in ${locale}`);
    }
    const toggled = serviceOver(buildDemoCatalog()).filter(new URLSearchParams('sf_in_stock=1'), {});
    assert.match((await renderFragments(toggled, context)).toolbar_html, /<\/span>In stock</, 'the chip of a toggle');
    config.facets = config.facets.map((facet) =>
      facet.name === 'in_stock' ? { ...facet, type: 'dropdown' as const } : facet,
    );
    const dropdown = serviceOver(buildDemoCatalog(), config).filter(new URLSearchParams('sf_in_stock=0'), {});
    const fragments = await renderFragments(dropdown, context);
    assert.match(fragments.facets_html, /<option value="0" selected>In stock: nie \(\d+\)<\/option>/);
  });

  it('shows the same counts and results as a brute-force count over the catalog', async () => {
    const catalog = buildDemoCatalog();
    const service = serviceOver(catalog);
    for (const query of [
      '',
      'sf_color=navy',
      'sf_category=shoes&sf_size=m,l',
      'sf_price=50-150&sf_rating=4',
      'sf_q=wool&sf_in_stock=1',
    ]) {
      const outcome = service.filter(new URLSearchParams(query), {});
      const fragments = await renderFragments(outcome, context);
      const reference = bruteForce(
        catalog,
        defaultFacetConfig(),
        outcome.result.state,
        undefined,
        outcome.widget.perPage,
      );
      assert.match(fragments.toolbar_html, new RegExp(`>${reference.found} produkt(y|ów|u)?<`), `found for "${query}"`);
      const shown = [
        ...fragments.facets_html.matchAll(
          /class="facet-filter__input" type="\w+" name="sf_(\w+)" value="([^"]+)"[^>]*>[\s\S]*?facet-filter__count">\((\d+)/g,
        ),
      ];
      assert.ok(shown.length > 20, 'counts are shown');
      for (const [, facet, value, count] of shown) {
        assert.equal(
          Number(count),
          reference.counts[facet!]?.[value!] ?? 0,
          `count of ${facet}=${value} for "${query}"`,
        );
      }
      const cardIds = [...fragments.results_html.matchAll(/\/media\/products\/(\d+)\.svg/g)].map((match) =>
        Number(match[1]),
      );
      assert.deepEqual(cardIds, reference.pageIds, `results for "${query}"`);
    }
  });

  it('keeps a selected value visible even when its count is 0 and empty values are hidden', async () => {
    const service = serviceOver(buildDemoCatalog());
    const outcome = service.filter(new URLSearchParams('sf_category=shoes&sf_size=xs'), {});
    const fragments = await renderFragments(outcome, context);
    assert.match(fragments.facets_html, /value="xs" checked/);
    assert.equal(outcome.result.found, 0);
    assert.match(fragments.results_html, /Żaden produkt nie pasuje/);
    assert.match(fragments.results_html, /href="\/shop">wyczyść wszystkie filtry/);
  });
});

describe('pageWindow', () => {
  it('shows first, last and neighbours, with gaps only where pages are hidden', () => {
    assert.deepEqual(pageWindow(7, 20), [1, 'gap', 5, 6, 7, 8, 9, 'gap', 20]);
    assert.deepEqual(pageWindow(1, 3), [1, 2, 3]);
    assert.deepEqual(pageWindow(4, 7), [1, 2, 3, 4, 5, 6, 7], 'a one-page gap shows the page');
    for (let pages = 1; pages <= 30; pages++) {
      for (let page = 1; page <= pages; page++) {
        const items = pageWindow(page, pages);
        const numbers = items.filter((item): item is number => item !== 'gap');
        assert.ok(numbers.includes(1) && numbers.includes(pages) && numbers.includes(page));
        assert.deepEqual(
          numbers,
          [...numbers].sort((a, b) => a - b),
        );
      }
    }
  });
});
