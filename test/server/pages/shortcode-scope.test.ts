// Hardening: shortcodes are expanded only in what an editor wrote, never in text that a block drew from
// the request or the catalog; content nested too deeply shows a notice instead of crashing the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextId } from '../../../server/store/next-id.js';
import { useTestServer } from '../support/test-server.js';

const widgetCount = (html: string) => html.match(/<facet-filter\b/g)?.length ?? 0;

describe('shortcodes in text the editor did not write', () => {
  const suite = useTestServer();
  const get = (path: string) =>
    fetch(`${suite.server.url}${path}`).then(async (response) => ({
      status: response.status,
      html: await response.text(),
    }));

  async function addPage(slug: string, content: string): Promise<void> {
    await suite.server.store.site.update((site) => {
      const now = new Date().toISOString();
      site.pages.push({
        id: nextId(site, 'page'),
        slug,
        title: slug,
        content,
        status: 'publish',
        show_in_menu: false,
        menu_order: 0,
        legal_type: null,
        author_id: 1,
        created_at: now,
        modified_at: now,
      });
    });
  }

  it('a search for [facet] on the block widget stays text in the search box, not a second widget', async () => {
    const { status, html } = await get('/?sf_q=%5Bfacet%5D');
    assert.equal(status, 200);
    assert.equal(widgetCount(html), 1);
    assert.match(html, /name="sf_q" value="\[facet\]"/);
  });

  it('a product titled with a shortcode shows its title, not a widget', async () => {
    // A new array, as a catalog import makes: cards are memoized per products array.
    const catalog = suite.server.store.catalog.data;
    await suite.server.store.catalog.replace(
      catalog,
      catalog.products.map((product) => ({ ...product, title: 'Odd [facet per_page="1"] shirt' })),
    );
    const { html } = await get('/');
    assert.equal(widgetCount(html), 1);
    assert.match(html, /Odd \[facet per_page=(&quot;|&#34;|")1(&quot;|&#34;|")\] shirt/);
  });

  it('still expands the shortcodes an editor wrote around and between blocks', async () => {
    await addPage(
      'mixed',
      '<!-- wp:paragraph --><p>[facet per_page="3"]</p><!-- /wp:paragraph --><!-- wp:facet/filter {"perPage":2} /-->',
    );
    const { html } = await get('/mixed?sf_q=%5Bfacet%5D');
    assert.equal(widgetCount(html), 2);
  });

  it('10,000 nested blocks show a notice to the editor instead of failing the page', async () => {
    const depth = 10_000;
    await addPage('deep', `${'<!-- wp:group --><div>'.repeat(depth)}deep${'</div><!-- /wp:group -->'.repeat(depth)}`);
    const { status, html } = await get('/deep');
    assert.equal(status, 200);
    assert.match(html, /nests blocks more than 100 levels deep/);
    assert.doesNotMatch(html, /Something went wrong/);
  });

  it('content over the size limit shows a notice instead of being rendered', async () => {
    await addPage('huge', `<p>${'word '.repeat(500_000)}</p>`);
    const { status, html } = await get('/huge');
    assert.equal(status, 200);
    assert.match(html, /more than the 2,097,152 a page may have/);
    assert.doesNotMatch(html, /word word word/);
  });
});
