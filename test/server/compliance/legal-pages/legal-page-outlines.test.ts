// The editor's starting outline of a legal page: the headings Polish law expects, each with a bracketed note of what
// to state, in the shop's language, marked as an outline to complete; offered for legal pages only.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { parse } from '@wordpress/block-serialization-default-parser';
import { legalPageOutline } from '../../../../server/compliance/legal-pages/legal-page-outlines.js';
import { LEGAL_TYPES } from '../../../../server/store/schema.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

/** The outline's blocks as [block name, text without tags]. */
function blocksOf(markup: string): Array<[string | null, string]> {
  return parse(markup)
    .filter((block) => block.blockName !== null)
    .map((block) => [block.blockName, block.innerHTML.replace(/<[^>]+>/g, '').trim()]);
}

describe('the outline of a legal page', () => {
  for (const locale of ['pl-PL', 'en-GB', 'de-DE']) {
    for (const type of LEGAL_TYPES) {
      it(`for ${type} in ${locale}: says it is an outline, then a heading and a note to complete per section`, () => {
        const [intro, ...sections] = blocksOf(legalPageOutline(type, locale));
        assert.equal(intro![0], 'core/paragraph');
        assert.match(intro![1], /Konspekt do uzupełnienia|An outline to complete|Eine Gliederung zum Ausfüllen/);
        assert.ok(sections.length >= 10, `${sections.length / 2} sections`);
        for (let index = 0; index < sections.length; index += 2) {
          assert.equal(sections[index]![0], 'core/heading');
          assert.ok(sections[index]![1].length > 3);
          assert.equal(sections[index + 1]![0], 'core/paragraph');
          assert.match(sections[index + 1]![1], /^\[(Do uzupełnienia|To complete|Auszufüllen): .+\]$/);
        }
      });
    }
  }

  it('names what the law asks of each Polish page', () => {
    const headings = (type: (typeof LEGAL_TYPES)[number]) =>
      blocksOf(legalPageOutline(type, 'pl-PL'))
        .filter(([name]) => name === 'core/heading')
        .map(([, text]) => text);
    assert.ok(headings('terms').includes('Sprzedawca'));
    assert.ok(headings('terms').includes('Odstąpienie od umowy'));
    assert.ok(headings('terms').includes('Pozasądowe rozwiązywanie sporów'));
    assert.ok(headings('privacy').includes('Administrator danych'));
    assert.ok(headings('privacy').includes('Skarga do organu nadzorczego'));
    assert.match(legalPageOutline('privacy', 'pl-PL'), /Prezesa Urzędu Ochrony Danych Osobowych/);
    assert.ok(headings('returns').includes('Zwrot płatności'));
    assert.match(legalPageOutline('complaints', 'pl-PL'), /w ciągu 14 dni/);
  });
});

describe('GET vitrine/v1/pages/{id}/legal-outline', () => {
  const suite = useTestServer();
  let editor: string;
  before(async () => {
    editor = await suite.server.basicAuthFor('editor');
    await fetchJson(suite.server.restUrl('/compliance/v1/legal-pages/generate'), {
      method: 'POST',
      headers: { authorization: suite.manager },
    });
  });
  const outlineOf = (id: number, authorization?: string) =>
    fetchJson(suite.server.restUrl(`/vitrine/v1/pages/${id}/legal-outline`), {
      headers: authorization ? { authorization } : {},
    });

  it("answers an editor a legal page's outline in the shop's language, and leaves the page as it was", async () => {
    const privacy = suite.server.store.site.data.pages.find((page) => page.legal_type === 'privacy')!;
    const { status, body } = await outlineOf(privacy.id, editor);
    assert.equal(status, 200);
    assert.equal(body.type, 'privacy');
    assert.equal(body.content, legalPageOutline('privacy', suite.server.store.site.data.settings.general.locale));
    assert.equal(suite.server.store.site.data.pages.find((page) => page.id === privacy.id)!.content, privacy.content);
  });

  it('refuses other pages, missing pages and visitors without edit_pages', async () => {
    const other = suite.server.store.site.data.pages.find((page) => !page.legal_type)!;
    const notLegal = await outlineOf(other.id, editor);
    assert.equal(notLegal.status, 404);
    assert.equal(notLegal.body.code, 'vitrine_not_a_legal_page');
    assert.match(notLegal.body.message, /is not one of the legal pages/);
    assert.equal((await outlineOf(999_999, editor)).body.code, 'vitrine_page_not_found');
    const terms = suite.server.store.site.data.pages.find((page) => page.legal_type === 'terms')!;
    assert.equal((await outlineOf(terms.id)).status, 401);
    const customer = await suite.server.basicAuthFor('customer');
    assert.equal((await outlineOf(terms.id, customer)).status, 403);
  });
});
