// A [facet] shortcode or facet/filter block with an unknown category, unknown facets or sort, or an
// out-of-range value shows editors a visible warning naming each problem; shoppers see the widget alone.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { nextId } from '../../../server/store/next-id.js';
import { loginCookie } from '../support/login.js';
import { useTestServer } from '../support/test-server.js';
import { visibleText } from '../support/small-catalog.js';

const CONTENT = `[facet category="no-such-category" per_page="500" facets="color,bogus" orderby="cheapest"]
<!-- wp:facet/filter {"columns":9,"category":"knitwear-x"} /-->
[facet facets="color"]`;

describe("warnings about a widget's attributes", () => {
  const suite = useTestServer();
  before(async () => {
    await createUser(suite.server.store, { login: 'writer', role: 'editor', password: 'writer-password' });
    await suite.server.store.site.update((site) => {
      const now = new Date().toISOString();
      site.pages.push({
        id: nextId(site, 'page'),
        slug: 'typos',
        title: 'Typos',
        content: CONTENT,
        status: 'publish',
        legal_type: null,
        author_id: 1,
        created_at: now,
        modified_at: now,
        show_in_menu: false,
        menu_order: 0,
      });
    });
  });
  const page = async (cookie?: string) =>
    (await fetch(`${suite.server.url}/typos`, { headers: cookie ? { cookie } : {} })).text();

  it('shows an editor one box per widget with a problem, naming each problem', async () => {
    const html = await page(await loginCookie(suite.server.url, 'writer', 'writer-password'));
    const boxes = [...html.matchAll(/<div class="widget-warning" role="note">([\s\S]*?)<\/div>/g)].map((match) =>
      visibleText(match[1]!),
    );
    assert.equal(boxes.length, 2, 'the third widget has nothing wrong');
    assert.match(boxes[0]!, /per_page="500" is not a whole number from 1 to 100/);
    assert.match(boxes[0]!, /category="no-such-category" names no category/);
    assert.match(boxes[0]!, /facets="bogus" is not configured/);
    assert.match(boxes[0]!, /orderby="cheapest" is not one of/);
    assert.match(boxes[1]!, /columns="9" is not a whole number from 1 to 6/);
    assert.match(boxes[1]!, /category="knitwear-x" names no category/);
  });

  it('shows shoppers no warning', async () => {
    const html = await page();
    assert.doesNotMatch(html, /widget-warning|Check this product filter/);
    assert.equal([...html.matchAll(/<facet-filter /g)].length, 3, 'the widgets themselves still render');
  });
});
