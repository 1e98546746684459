/**
 * The demo shop is seeded in the shop's language: a Polish shop's products are Polish, so that "kubki", "butów" and
 * "koszule" find its mugs, shoes and shirts; a German shop's are German; the numbers are the same in every language.
 * Real servers on both stores; the counts are checked against brute-force scans with the same word forms.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFilterState } from '../../../client/facet-filter/query-state.js';
import { bruteForce } from '../../../bench/engines/naive-scan.js';
import type { CatalogData, Product } from '../../../server/catalog/model.js';
import { searchWords } from '../../../server/catalog/search-text.js';
import { wordFormsFor } from '../../../server/catalog/word-forms/word-forms.js';
import { buildDemoCatalog } from '../../../server/demo/demo-catalog.js';
import { withDemoPantry } from '../../../server/demo/demo-pantry.js';
import { defaultFacetConfig } from '../../../server/facets/config.js';
import { defaultSwatchColour } from '../../../server/facets/swatch-colours.js';
import type { FacetService } from '../../../server/facets/facet-service.js';
import type { Language } from '../../../server/i18n/languages.js';
import { translator } from '../../../server/i18n/translator.js';
import { openConfiguredStore } from '../../../server/store/open-store.js';
import { productSearchBruteForce } from '../../support/product-search-reference.js';
import { startServerProcess } from '../support/processes.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { fetchJson, makeTempDir, startTestServer, type TestServer } from '../support/test-server.js';

/** No override: the seed follows the shop's locale (the test servers otherwise seed the English demo). */
const SHOPS_LANGUAGE = { DEMO_LANGUAGE: '' };

const filter = (server: TestServer, sfQ: string) =>
  fetchJson(server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query: { sf_q: sfQ } } });
const search = (server: TestServer, q: string) =>
  fetchJson(server.restUrl(`/compliance/v1/search?q=${encodeURIComponent(q)}&limit=50`));

/** What the storefront's filter finds for `sf_q`, by the brute-force scan with the shop's word forms. */
function filterReference(server: TestServer, sfQ: string, locale: string) {
  const facets = server.plugin.container.get('facets') as FacetService;
  const schema = facets.filter({}, {}).schema;
  return bruteForce(
    server.store.catalog.data,
    defaultFacetConfig(),
    parseFilterState(new URLSearchParams({ sf_q: sfQ }), schema),
    undefined,
    24,
    wordFormsFor(locale),
  );
}

/** The words a shopper reads of a catalog's goods: titles, category names, colour and material terms. */
function goodsWords(catalog: Pick<CatalogData, 'products' | 'categories'>): Set<string> {
  const texts = [
    ...catalog.products.flatMap((product) => [
      product.title,
      ...(product.attributes.color ?? []),
      ...(product.attributes.material ?? []),
    ]),
    ...catalog.categories.map((category) => category.name),
  ];
  return new Set(texts.flatMap(searchWords).filter((word) => !/[0-9]/.test(word)));
}

const english = withDemoPantry(buildDemoCatalog(300, 'en'), 'en');
const brandWords = new Set(english.products.flatMap((product) => searchWords(product.brand)));
/** The English demo's own words (brands are the same in every language). */
const englishWords = [...goodsWords(english)].filter((word) => !brandWords.has(word));

/**
 * Words each language shares with English: loanwords a shop there writes as they are, and words both spell alike
 * ("Parka", "Nylon", German "Vase"). Every other English word of the demo must be gone.
 */
const SHARED_WITH_ENGLISH: Record<Exclude<Language, 'en'>, readonly string[]> = {
  pl: ['maxi', 'nylon', 'oxford', 'polo', 'parka'],
  de: [
    'in',
    'nylon',
    'polyester',
    'beige',
    'espadrille',
    'alpine',
    'jeans',
    't',
    'shirt',
    'blazer',
    'vase',
    'parka',
    'chelsea',
    'extra',
  ],
};

function assertNoEnglish(catalog: Pick<CatalogData, 'products' | 'categories'>, language: Exclude<Language, 'en'>) {
  const words = goodsWords(catalog);
  const shared = new Set(SHARED_WITH_ENGLISH[language]);
  const left = englishWords.filter((word) => words.has(word) && !shared.has(word));
  assert.deepEqual(left, [], `English words in the ${language} demo`);
}

/** The numbers of a catalog without its words: what must not change between languages. */
const numbers = (catalog: CatalogData) =>
  catalog.products.map((product: Product) => ({
    id: product.id,
    sku: product.sku,
    brand: product.brand,
    category_ids: product.category_ids,
    prices: [product.regular_price, product.sale_price],
    stock: [product.in_stock, product.stock_quantity],
    image: product.image,
    sizes: product.attributes.size,
    variations: product.variations?.map((variation) => [
      variation.id,
      variation.sku,
      variation.attributes.size,
      variation.regular_price,
      variation.sale_price,
      variation.stock_quantity,
    ]),
    metaKeys: Object.keys(product.meta ?? {}),
  }));

describe('the demo catalog in each language', () => {
  it('has the same products, prices, stock, ids and variations in Polish, English and German; only words differ', () => {
    const polish = withDemoPantry(buildDemoCatalog(300, 'pl'), 'pl');
    const german = withDemoPantry(buildDemoCatalog(300, 'de'), 'de');
    assert.deepEqual(numbers(polish), numbers(english));
    assert.deepEqual(numbers(german), numbers(english));
    assert.deepEqual(
      polish.categories.map(({ id, parent }) => [id, parent]),
      english.categories.map(({ id, parent }) => [id, parent]),
    );
    for (const catalog of [polish, german]) {
      assert.equal(new Set(catalog.products.map((product) => product.title)).size, catalog.products.length);
      assert.equal(new Set(catalog.products.map((product) => product.slug)).size, catalog.products.length);
      assert.equal(new Set(catalog.categories.map((category) => category.slug)).size, catalog.categories.length);
    }
  });

  it('names the Polish demo in Polish and the German one in German, with no English word of the demo left', () => {
    assertNoEnglish(withDemoPantry(buildDemoCatalog(300, 'pl'), 'pl'), 'pl');
    assertNoEnglish(withDemoPantry(buildDemoCatalog(300, 'de'), 'de'), 'de');
  });

  it('puts Polish adjectives in the gender of their noun, and a material of mugs in their case', () => {
    const titles = buildDemoCatalog(300, 'pl').products.map((product) => product.title);
    const has = (pattern: RegExp) => titles.some((title) => pattern.test(title));
    assert.ok(has(/^Klasyczna sukienka( maxi| kopertowa| koszulowa)? (lniana|bawełniana|wiskozowa|jedwabna)$/));
    assert.ok(has(/^\S+e buty \S+e\b/), 'plural: "… buty skórzane"');
    assert.ok(has(/^\S+[yi] zestaw kubków (ceramicznych|szklanych)$/), 'a set of mugs: "zestaw kubków ceramicznych"');
    assert.ok(has(/^\S+a koszula (lniana|flanelowa|oxford \S+a)$/));
    // The first word agrees with the noun after it: feminine -a, masculine -y/-i, plural -e.
    const endings: [RegExp, RegExp][] = [
      [/^(sukienka|bluzka|koszula|koszulka|kurtka|marynarka|torba|torebka|czapka|lampa|poszewka|patelnia)\b/, /a$/],
      [/^(zestaw|sweter|trencz|płaszcz|wazon|koc|dywan|plecak|zegarek|szal|kapelusz|kaszkiet|nóż|dzbanek)\b/, /[yi]$/],
      [/^(buty|sandały|klapki|botki|sztyblety|sneakersy|chinosy|bojówki|joggery|spodnie|espadryle)\b/, /e$/],
    ];
    let checked = 0;
    for (const title of titles) {
      const [adjective, ...rest] = title.split(' ');
      for (const [noun, ending] of endings)
        if (noun.test(rest.join(' '))) {
          assert.match(adjective!, ending, title);
          checked++;
        }
    }
    assert.ok(checked > 250, `most titles checked (${checked})`);
  });
});

for (const kind of STORE_KINDS) {
  describe(`a new Polish shop on ${kind.name}`, () => {
    let server: TestServer;

    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env: { ...env, ...SHOPS_LANGUAGE } });
    });
    after(() => server?.stop());

    it('is seeded with the Polish demo catalog and pages', async () => {
      await server.store.catalog.load();
      const polish = withDemoPantry(buildDemoCatalog(300, 'pl'), 'pl');
      assert.deepEqual(
        server.store.catalog.data.products.map((product) => product.title),
        polish.products.map((product) => product.title),
      );
      assertNoEnglish(server.store.catalog.data, 'pl');
      const { t } = translator('pl');
      const home = await (await fetch(server.url)).text();
      assert.match(home, new RegExp(`<h2>${t('seed.homeHeading')}</h2>`));
      const shop = await (await fetch(`${server.url}/shop`)).text();
      assert.ok(shop.includes(t('seed.shopIntro')));
      // The filter's legends too: a Polish shop's panel reads "Kolor" and "Marka", not "Colour" and "Brand".
      for (const legend of [t('seed.facetColour'), t('seed.facetBrand'), t('seed.facetPrice')])
        assert.match(shop, new RegExp(`<legend[^>]*>\\s*${legend}\\s*</legend>`), legend);
      for (const english of ['Colour', 'Brand', 'In stock'])
        assert.doesNotMatch(shop, new RegExp(`>\\s*${english}\\s*<`), english);
      assert.deepEqual(
        server.store.catalog.data.attributes.map((attribute) => attribute.label),
        ['Kolor', 'Rozmiar', 'Materiał'],
      );
    });

    it('draws each product picture in the colour its Polish colour name says, as its swatch shows it', async () => {
      const byColour = new Map(
        server.store.catalog.data.products
          .filter((product) => product.attributes.color?.length)
          .map((product) => [product.attributes.color![0]!, product] as const),
      );
      assert.ok(byColour.size >= 10);
      const fills = new Set<string>();
      for (const [colour, product] of byColour) {
        const svg = await (await fetch(`${server.url}${product.image}`)).text();
        const fill = /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
        assert.equal(fill, defaultSwatchColour(colour), `${colour}: ${product.title}`);
        fills.add(fill!);
      }
      assert.equal(fills.size, byColour.size, 'every colour its own');
    });

    const cases: [query: string, what: string, goods: RegExp][] = [
      ['kubki', 'mugs', /zestaw kubków/i],
      ['butów', 'shoes', /\bbuty\b/i],
      ['koszule', 'shirts', /\bkoszula\b/i],
    ];
    for (const [query, what, goods] of cases) {
      it(`finds its ${what} for "${query}", as many as the brute-force scans with Polish word forms`, async () => {
        const filtered = await filter(server, query);
        assert.equal(filtered.status, 200);
        const reference = filterReference(server, query, 'pl-PL');
        assert.equal(filtered.body.found, reference.found);
        assert.ok(filtered.body.found >= 3, `"${query}" finds several products (${filtered.body.found})`);
        assert.match(filtered.body.results_html, goods);

        const searched = await search(server, query);
        assert.equal(searched.status, 200);
        const expected = productSearchBruteForce(server.store.catalog.data, query, 50, null, wordFormsFor('pl-PL'));
        assert.equal(searched.body.total, expected.total);
        assert.deepEqual(
          searched.body.results.map((result: { id: number }) => result.id),
          expected.ids,
        );
        assert.ok(searched.body.results.some((result: { title: string }) => goods.test(result.title)));
      });
    }
  });
}

describe('a new German shop', () => {
  let server: TestServer;

  before(async () => {
    const dataDir = await makeTempDir();
    // A shop set to German before its first start, as an operator's own settings would have it.
    const store = await openConfiguredStore({ dataDir, databaseUrl: null }, { watch: false });
    await store.site.update((site) => {
      site.settings.general.locale = 'de-DE';
    });
    await store.close();
    server = await startTestServer({ dataDir, env: SHOPS_LANGUAGE });
  });
  after(() => server?.stop());

  it('is seeded in German, and "Hemden" finds its shirts as the brute-force scan with German word forms', async () => {
    await server.store.catalog.load();
    assertNoEnglish(server.store.catalog.data, 'de');
    const { status, body } = await filter(server, 'Hemden');
    assert.equal(status, 200);
    assert.match(body.facets_html, /<legend[^>]*>\s*Farbe\s*<\/legend>/);
    assert.equal(body.found, filterReference(server, 'Hemden', 'de-DE').found);
    assert.ok(body.found >= 3);
    assert.match(body.results_html, /\bHemd\b/);
    const searched = await search(server, 'Hemden');
    const expected = productSearchBruteForce(server.store.catalog.data, 'Hemden', 50, null, wordFormsFor('de-DE'));
    assert.equal(searched.body.total, expected.total);
    const home = await (await fetch(server.url)).text();
    assert.ok(home.includes(translator('de').t('seed.homeHeading')));
  });

  it('keeps its German demo when the locale changes later', async () => {
    const titles = server.store.catalog.data.products.map((product) => product.title);
    await server.store.site.update((site) => {
      site.settings.general.locale = 'pl-PL';
    });
    await server.stop({ keepData: true });
    server = await startTestServer({ dataDir: server.dataDir, env: SHOPS_LANGUAGE });
    await server.store.catalog.load();
    assert.deepEqual(
      server.store.catalog.data.products.map((product) => product.title),
      titles,
    );
    assert.equal(
      server.store.site.data.pages.find((page) => page.slug === 'shop')?.title,
      translator('de').t('seed.shopTitle'),
    );
  });
});

describe('the demo language chosen by DEMO_LANGUAGE', () => {
  it('seeds the English demo into a Polish shop, as it was before the demo spoke Polish', async () => {
    const server = await startTestServer({ dataDir: await makeTempDir(), env: { DEMO_LANGUAGE: 'en' } });
    try {
      await server.store.catalog.load();
      assert.equal(server.store.site.data.settings.general.locale, 'pl-PL');
      const { products, categories, attributes } = server.store.catalog.data;
      assert.deepEqual({ products, categories, attributes }, english);
      const home = await (await fetch(server.url)).text();
      assert.ok(home.includes(translator('en').t('seed.homeHeading')));
    } finally {
      await server.stop();
    }
  });
});

describe("npm start's first start", () => {
  it('serves a Polish demo shop from an empty data folder', async () => {
    const dataDir = await makeTempDir();
    // Seeding, the first index and the Polish dictionary: a first start takes longer than a restart.
    const served = await startServerProcess({ DATA_DIR: dataDir, ...SHOPS_LANGUAGE }, 90_000);
    try {
      const home = await (await fetch(served.url)).text();
      assert.match(home, /<html lang="pl">/);
      assert.ok(home.includes(translator('pl').t('seed.homeHeading')));
      const { body } = await fetchJson(`${served.url}/wp-json/compliance/v1/search?q=kubki&limit=50`);
      assert.ok(body.total > 0);
      assert.ok(body.results.some((result: { title: string }) => /zestaw kubków/i.test(result.title)));
    } finally {
      await served.stop();
    }
  });
});
