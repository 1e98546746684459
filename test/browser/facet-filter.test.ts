// <facet-filter> in Chromium, each suite twice: rendered in the browser, and rendered by Lit SSR in Node then
// hydrated. The network is a fetch stub the test controls; the regions are small hand-written fragments.
// As in client/storefront.ts, hydration support loads before lit: without it these suites see a second render.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect, fixture } from '@open-wc/testing';
import { ssrHydratedFixture, ssrNonHydratedFixture } from '@lit-labs/testing/fixtures.js';
import { html } from 'lit';
import '../../client/facet-filter/facet-filter.js';
import type { FacetFilter, FacetFilterChangeDetail } from '../../client/facet-filter/facet-filter.js';

const SCHEMA = JSON.stringify({
  facets: [
    { name: 'color', kind: 'list' },
    { name: 'price', kind: 'range' },
  ],
  orderbyOptions: ['popularity', 'price'],
  defaultOrderby: 'popularity',
});

/** The element's texts as the server renders them for an English shop (server/facets/widget/widget-messages.ts). */
const MESSAGES = JSON.stringify({
  filters: 'Filters',
  active: { one: 'active', other: 'active' },
  showResults: { one: 'Show # result', other: 'Show # results' },
  found: { one: '# product', other: '# products' },
  error: 'The products could not be updated. Check your connection and try again.',
  retry: 'Retry',
});

const widgetTemplate =
  () => html`<facet-filter endpoint="/stub/filter?per_page=2" widget='{"per_page":2}' cart-token="visitor-token" schema=${SCHEMA} messages=${MESSAGES}>
  <div slot="facets" data-region="facets"><form method="get" action="">
    <fieldset><legend>Colour</legend>
      <label><input class="facet-filter__input" type="checkbox" name="sf_color" value="red" /> Red</label>
      <label><input class="facet-filter__input" type="checkbox" name="sf_color" value="blue" /> Blue</label>
    </fieldset>
    <label>Search <input type="search" name="sf_q" /></label>
    <button type="submit">Apply filters</button>
  </form></div>
  <div slot="toolbar" data-region="toolbar"><p class="facet-filter__found">3 products</p></div>
  <div slot="results" data-region="results"><h2 class="facet-filter__heading" tabindex="-1">Products</h2><p class="card">first page</p></div>
  <div slot="pagination" data-region="pagination"><nav aria-label="Pages"><a href="?sf_paged=2">Page 2</a></nav></div>
</facet-filter>`;

/** A GET of the widget's address: its `sf_` variables as `query`, the rest (the widget's attributes) as `widget`. */
interface StubCall {
  url: string;
  method: string;
  body: { query: Record<string, string>; widget: Record<string, string> };
}

/** A fetch whose answers the test releases: `next()` resolves the oldest pending call. */
function stubFetch() {
  const calls: StubCall[] = [];
  const pending: Array<{ resolve: (response: Response) => void; reject: (error: Error) => void }> = [];
  const original = window.fetch;
  window.fetch = ((url: string, init: RequestInit) => {
    const variables = [...new URL(String(url), location.href).searchParams];
    const body = {
      query: Object.fromEntries(variables.filter(([name]) => name.startsWith('sf_'))),
      widget: Object.fromEntries(variables.filter(([name]) => !name.startsWith('sf_'))),
    };
    calls.push({ url: String(url), method: init.method ?? 'GET', body });
    return new Promise<Response>((resolve, reject) => {
      pending.push({ resolve, reject });
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  }) as typeof fetch;
  const answer = (query: Record<string, string>, found: number) => ({
    facets_html: `<form method="get" action=""><label><input type="checkbox" name="sf_color" value="red" ${query.sf_color ? 'checked' : ''} /> Red</label><input type="search" name="sf_q" /></form>`,
    toolbar_html: `<p class="facet-filter__found">${found} products</p>`,
    // As the GET answers everyone: an add-to-cart form whose token the element fills in.
    results_html: `<h2 class="facet-filter__heading" tabindex="-1">Products</h2><p class="card">${JSON.stringify(query)}</p><form data-add-to-cart><input type="hidden" name="_csrf" value="" /></form>`,
    pagination_html: '',
    found,
    query,
  });
  return {
    calls,
    respond(query: Record<string, string>, found: number) {
      pending
        .shift()!
        .resolve(
          new Response(JSON.stringify(answer(query, found)), { headers: { 'content-type': 'application/json' } }),
        );
    },
    fail() {
      pending.shift()!.reject(new TypeError('Failed to fetch'));
    },
    restore() {
      window.fetch = original;
    },
  };
}

/** Counts history writes by kind; `history.length` cannot, since a push after "back" drops forward entries. */
function spyHistory() {
  const writes: string[] = [];
  const { pushState, replaceState } = history;
  history.pushState = (...args: Parameters<History['pushState']>) => (
    writes.push('push'), pushState.apply(history, args)
  );
  history.replaceState = (...args: Parameters<History['replaceState']>) => (
    writes.push('replace'), replaceState.apply(history, args)
  );
  return { writes, restore: () => Object.assign(history, { pushState, replaceState }) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const region = (el: FacetFilter, name: string) => el.querySelector<HTMLElement>(`[data-region="${name}"]`)!;
const liveText = (el: FacetFilter) => el.shadowRoot!.querySelector('[part="live-region"]')!.textContent!.trim();

const modes = {
  'rendered in the browser': () => fixture<FacetFilter>(widgetTemplate()),
  'server-rendered, then hydrated': () =>
    ssrHydratedFixture<FacetFilter>(widgetTemplate(), { modules: ['../../client/facet-filter/facet-filter.ts'] }),
};

describe('<facet-filter>', () => {
  const startUrl = location.href;
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    network = stubFetch();
  });
  afterEach(() => {
    network.restore();
    history.replaceState(null, '', startUrl);
  });

  for (const [mode, create] of Object.entries(modes)) {
    describe(`when ${mode}`, () => {
      it('is accessible and renders its layout once', async () => {
        const el = await create();
        expect(el.shadowRoot!.querySelectorAll('[part="base"]').length).to.equal(1);
        await expect(el).to.be.accessible();
      });

      it('asks for a checkbox change, shows busy, swaps the regions, writes the URL, announces and fires one event', async () => {
        const el = await create();
        const events: FacetFilterChangeDetail[] = [];
        el.addEventListener('facet-filter-change', (event) => events.push(event.detail));
        const historySpy = spyHistory();
        el.querySelector<HTMLInputElement>('input[value="red"]')!.click();
        await tick();
        expect(network.calls).to.have.length(1);
        expect(network.calls[0]!.body).to.deep.equal({ query: { sf_color: 'red' }, widget: { per_page: '2' } });
        expect(network.calls[0]!.method).to.equal('GET');
        expect(network.calls[0]!.url).to.equal(
          '/stub/filter?per_page=2&sf_color=red',
          'the one canonical address of the state',
        );
        expect(el.hasAttribute('loading')).to.equal(true);
        expect(region(el, 'results').getAttribute('aria-busy')).to.equal('true');

        network.respond({ sf_color: 'red' }, 1);
        await new Promise((resolve) => el.addEventListener('facet-filter-change', resolve, { once: true }));
        await el.updateComplete;
        expect(el.hasAttribute('loading')).to.equal(false);
        expect(region(el, 'results').hasAttribute('aria-busy')).to.equal(false);
        expect(region(el, 'toolbar').textContent).to.contain('1 products');
        expect(el.querySelector<HTMLInputElement>('[name=_csrf]')!.value).to.equal(
          'visitor-token',
          "the visitor's token, from the page",
        );
        expect(new URL(location.href).search).to.equal('?sf_color=red');
        historySpy.restore();
        expect(historySpy.writes).to.deep.equal(['push'], 'a committed change adds a history entry');
        expect(liveText(el)).to.equal('1 product');
        expect(events).to.deep.equal([
          {
            state: { values: { color: ['red'] }, ranges: {}, q: '', orderby: 'popularity', page: 1 },
            query: { sf_color: 'red' },
            found: 1,
          },
        ]);
      });

      it('keeps the old results and offers Retry when the network fails', async () => {
        const el = await create();
        el.querySelector<HTMLInputElement>('input[value="blue"]')!.click();
        await tick();
        network.fail();
        await tick();
        await el.updateComplete;
        const error = el.shadowRoot!.querySelector<HTMLElement>('[part="error"]')!;
        expect(error.hidden).to.equal(false);
        expect(region(el, 'results').textContent).to.contain('first page');
        expect(location.href).to.equal(startUrl, 'the URL still matches what is shown');
        el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
        await tick();
        expect(network.calls).to.have.length(2);
        expect(network.calls[1]!.body.query).to.deep.equal({ sf_color: 'blue' });
        network.respond({ sf_color: 'blue' }, 2);
        await new Promise((resolve) => el.addEventListener('facet-filter-change', resolve, { once: true }));
        await el.updateComplete;
        expect(error.hidden).to.equal(true);
      });

      it('follows a page link in place and moves focus to the results heading', async () => {
        const el = await create();
        el.querySelector<HTMLAnchorElement>('[data-region="pagination"] a')!.click();
        await tick();
        expect(network.calls[0]!.body.query).to.deep.equal({ sf_paged: '2' });
        network.respond({ sf_paged: '2' }, 3);
        await new Promise((resolve) => el.addEventListener('facet-filter-change', resolve, { once: true }));
        expect(document.activeElement).to.equal(region(el, 'results').querySelector('h2'));
      });

      it('restores an earlier state on popstate from its cache, without a request or an event', async () => {
        const el = await create();
        el.querySelector<HTMLInputElement>('input[value="red"]')!.click();
        await tick();
        network.respond({ sf_color: 'red' }, 1);
        await new Promise((resolve) => el.addEventListener('facet-filter-change', resolve, { once: true }));
        let events = 0;
        el.addEventListener('facet-filter-change', () => events++);
        history.back();
        await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
        await el.updateComplete;
        expect(region(el, 'results').textContent).to.contain('first page');
        expect(network.calls).to.have.length(1);
        expect(events).to.equal(0);
      });

      it('waits for a pause in typing, then replaces rather than adds history entries', async () => {
        const el = await create();
        const search = el.querySelector<HTMLInputElement>('input[type="search"]')!;
        const historySpy = spyHistory();
        for (const text of ['w', 'wo', 'woo']) {
          search.value = text;
          search.dispatchEvent(new Event('input', { bubbles: true }));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(network.calls).to.have.length(0, 'nothing sent while typing');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(network.calls.map((call) => call.body.query)).to.deep.equal([{ sf_q: 'woo' }]);
        network.respond({ sf_q: 'woo' }, 2);
        await new Promise((resolve) => el.addEventListener('facet-filter-change', resolve, { once: true }));
        const searchAfterSwap = el.querySelector<HTMLInputElement>('input[type="search"]')!;
        searchAfterSwap.value = 'wool';
        searchAfterSwap.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 350));
        network.respond({ sf_q: 'wool' }, 1);
        await new Promise((resolve) => el.addEventListener('facet-filter-change', resolve, { once: true }));
        expect(location.search).to.equal('?sf_q=wool');
        historySpy.restore();
        expect(historySpy.writes).to.deep.equal(['push', 'replace'], 'one entry for the whole word');
      });
    });
  }

  describe('when hydrating server-rendered markup', () => {
    it('reuses the server-rendered shadow nodes instead of rendering again', async () => {
      const el = await ssrNonHydratedFixture<FacetFilter>(widgetTemplate(), {
        modules: ['../../client/facet-filter/facet-filter.ts'],
      });
      const base = el.shadowRoot!.querySelector('[part="base"]');
      expect(base).to.exist;
      el.removeAttribute('defer-hydration');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelectorAll('[part="base"]').length).to.equal(1);
      expect(el.shadowRoot!.querySelector('[part="base"]')).to.equal(base);
      // Hydrated: the shadow button works.
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="filters-toggle"]')!.click();
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="filters-toggle"]')!.getAttribute('aria-expanded')).to.equal('true');
    });
  });
});
