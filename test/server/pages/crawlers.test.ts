/**
 * Crawlers fenced in. robots.txt, made from the facet configuration, lets a crawler index listings
 * with one filter value at most and keeps it off sorted, searched, paged, ranged and stacked ones (checked here with
 * the matching rules search engines apply: `*` wildcards, `$` anchors, the longest rule wins); such pages say
 * `noindex,follow` when reached anyway; every listing names its canonical address; unknown values are answered as the
 * plain listing, through a redirect; the sitemap lists every published product.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Whether robots.txt lets `User-agent: *` fetch `path` (RFC 9309: the longest matching rule wins, Allow on a tie). */
function allowed(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ allow: match[1] === 'Allow', pattern: match[2]! }));
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const source = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
  };
  const winner = rules
    .filter((rule) => matches(rule.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return winner?.allow ?? true;
}

const headOf = async (response: Response) => {
  const html = await response.text();
  return {
    robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null,
  };
};

describe('crawlers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('serve a robots.txt made from the facet configuration, with the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain/);
    const robots = await response.text();
    assert.match(robots, new RegExp(`^Sitemap: ${server.url}/sitemap.xml$`, 'm'));
    const crawlable = [
      '/',
      '/shop',
      '/shop?sf_color=navy',
      '/shop?sf_category=shoes',
      '/product-category/shoes',
      '/product/some-product',
      '/about-us',
    ];
    const fenced = [
      '/shop?sf_color=black,navy',
      '/shop?sf_color=navy&sf_size=m',
      '/shop?sf_category=shoes&sf_in_stock=1',
      '/shop?sf_orderby=price',
      '/shop?sf_color=navy&sf_orderby=price',
      '/shop?sf_paged=2',
      '/shop?sf_color=navy&sf_paged=3',
      '/shop?sf_price=10-50',
      '/shop?sf_q=wool',
      '/product-category/shoes?sf_size=36,37',
      '/shop?sf_brand_search=ac',
      '/shop?sf_color=navy&sf_brand_search=ac',
      '/cart',
      '/checkout',
      '/admin/pages',
      '/wp-json/facet/v1/filter?sf_color=navy',
      '/?rest_route=/facet/v1/filter',
    ];
    for (const path of crawlable) assert.ok(allowed(robots, path), `${path} may be crawled`);
    for (const path of fenced) assert.ok(!allowed(robots, path), `${path} may not be crawled`);
  });

  it('mark stacked, sorted and searched listings noindex,follow, and give every listing its canonical address', async () => {
    const cases: Array<[string, string | null]> = [
      ['/shop', null],
      ['/shop?sf_color=navy', null],
      ['/shop?sf_color=black,navy', 'noindex,follow'],
      ['/shop?sf_color=navy&sf_size=m', 'noindex,follow'],
      ['/shop?sf_orderby=price', 'noindex,follow'],
      ['/shop?sf_q=wool', 'noindex,follow'],
    ];
    for (const [path, robots] of cases) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      assert.equal(response.status, 200, path);
      const head = await headOf(response);
      assert.equal(head.robots, robots, path);
      assert.equal(head.canonical, `${server.url}${path}`, `${path} names itself, canonical`);
    }
    // A brand facet's value search lists other brands, the same products: noindex, the listing canonical.
    for (const [path, listing] of [
      ['/shop?sf_brand_search=ac', '/shop'],
      ['/shop?sf_color=navy&sf_brand_search=ac', '/shop?sf_color=navy'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      assert.equal(response.status, 200, path);
      assert.deepEqual(
        await headOf(response),
        { robots: 'noindex,follow', canonical: `${server.url}${listing}` },
        path,
      );
    }
    const tagged = await headOf(await fetch(`${server.url}/shop?utm_source=mail&sf_color=navy`));
    assert.equal(
      tagged.canonical,
      `${server.url}/shop?sf_color=navy`,
      'campaign tags are not part of the canonical address',
    );
  });

  it('answer unknown values as the plain listing, through a redirect', async () => {
    const unknown = await fetch(`${server.url}/shop?sf_color=no-such-colour`, { redirect: 'manual' });
    assert.equal(unknown.status, 302);
    assert.equal(unknown.headers.get('location'), '/shop');
    const partly = await fetch(`${server.url}/shop?sf_color=navy,no-such-colour`, { redirect: 'manual' });
    assert.equal(partly.headers.get('location'), '/shop?sf_color=navy');
  });

  it('list the pages, the category listings and every published product in the sitemap', async () => {
    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    assert.match(index, /<sitemapindex/);
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    assert.deepEqual(maps, [`${server.url}/sitemap-pages.xml`, `${server.url}/sitemap-products-1.xml`]);
    const pages = await (await fetch(maps[0]!)).text();
    assert.match(pages, new RegExp(`<loc>${server.url}/shop</loc>`));
    assert.match(pages, new RegExp(`<loc>${server.url}/product-category/shoes</loc>`));
    const products = await (await fetch(maps[1]!)).text();
    const published = server.store.catalog.data.products.filter(
      (product) => (product.status ?? 'publish') === 'publish',
    );
    assert.equal([...products.matchAll(/<url>/g)].length, published.length);
    assert.equal((await fetch(`${server.url}/sitemap-products-2.xml`)).status, 404);
  });
});

/** The `<url>` entries of a sitemap: each address and its alternates by language. */
function sitemapEntries(xml: string): { loc: string; alternates: Record<string, string> }[] {
  const unescapeXml = (text: string) => text.replaceAll('&amp;', '&');
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, entry]) => ({
    loc: unescapeXml(/<loc>([^<]+)<\/loc>/.exec(entry!)![1]!),
    alternates: Object.fromEntries(
      [...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, language, href]) => [language!, unescapeXml(href!)],
      ),
    ),
  }));
}

/** A page's own `<link rel="alternate" hreflang>` links, by language. */
function pageAlternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, language, href]) => [
      language!,
      href!.replaceAll('&amp;', '&'),
    ]),
  );
}

describe('the sitemap of a shop in three languages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await server.store.site.update((site) => {
      site.settings.general.locale = 'pl-PL';
      site.settings.general.storefront_languages = 'de, en';
    });
  });
  after(() => server.stop());

  it('lists every page in every language with its alternates, as each page names them itself', async () => {
    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const entries = [];
    for (const map of maps) {
      const response = await fetch(map);
      assert.equal(response.status, 200, map);
      const xml = await response.text();
      assert.match(xml, /xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);
      entries.push(...sitemapEntries(xml));
    }
    // The reference: every published page, category listing and product, each at its plain address and under /de, /en.
    const { pages } = server.store.site.data;
    const { categories, products } = server.store.catalog.data;
    const plainPaths = [
      ...pages
        .filter((page) => page.status === 'publish')
        .map((page) => (page.slug === 'home' ? '/' : `/${page.slug}`)),
      ...categories.map((category) => `/product-category/${category.slug}`),
      ...products
        .filter((product) => (product.status ?? 'publish') === 'publish')
        .map((product) => `/product/${encodeURIComponent(product.slug)}`),
    ];
    const expected = plainPaths.flatMap((path) => ['', '/de', '/en'].map((prefix) => `${server.url}${prefix}${path}`));
    assert.deepEqual(entries.map((entry) => entry.loc).sort(), expected.sort(), 'each page once in each language');

    for (const entry of entries) {
      const plain = entry.alternates['x-default']!;
      assert.deepEqual(Object.keys(entry.alternates).sort(), ['de', 'en', 'pl', 'x-default']);
      assert.equal(entry.alternates.pl, plain, 'the shop’s own language is the x-default');
      assert.ok(Object.values(entry.alternates).includes(entry.loc), 'an address is among its own alternates');
    }
    // Every listed address answers, and names the same alternates in its head as the sitemap does.
    for (const entry of entries) {
      const response = await fetch(entry.loc, { redirect: 'manual' });
      assert.equal(response.status, 200, entry.loc);
      assert.deepEqual(pageAlternates(await response.text()), entry.alternates, entry.loc);
    }
  });
});
