// Generic environmental claims found in English, Polish and German whatever the case and
// diacritics, each reported as written with its context; and the manager's report over the catalog.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { findGreenClaims } from '../../../../server/compliance/product-reports/green-claims.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { SMALL_CATALOG } from '../../support/small-catalog.js';

const phrases = (text: string, ignore?: string[]) => findGreenClaims(text, ignore).map((hit) => hit.phrase);

describe('findGreenClaims', () => {
  it('finds English claims in any case and spelling, longest first', () => {
    assert.deepEqual(phrases('An ECO-Friendly tote, Climate Neutral shipping, fully biodegradable.'), [
      'ECO-Friendly',
      'Climate Neutral',
      'biodegradable',
    ]);
    assert.deepEqual(phrases('eco friendly and environmentally friendly'), [
      'eco friendly',
      'environmentally friendly',
    ]);
  });

  it('finds Polish claims with their inflections and without diacritics', () => {
    assert.deepEqual(phrases('Torba PRZYJAZNA DLA ŚRODOWISKA, w pełni Biodegradowalna.'), [
      'PRZYJAZNA DLA ŚRODOWISKA',
      'Biodegradowalna',
    ]);
    assert.deepEqual(phrases('ekologiczne opakowanie, neutralny klimatycznie, przyjazny dla srodowiska'), [
      'ekologiczne',
      'neutralny klimatycznie',
      'przyjazny dla srodowiska',
    ]);
  });

  it('finds German claims, umlauts typed or not', () => {
    assert.deepEqual(phrases('Umweltfreundliche Öko-Tasche, KLIMANEUTRAL hergestellt, biologisch abbaubare Folie'), [
      'Umweltfreundliche',
      'Öko',
      'KLIMANEUTRAL',
      'biologisch abbaubare',
    ]);
    assert.deepEqual(phrases('nachhaltige Herstellung, okologisch'), ['nachhaltige', 'okologisch']);
  });

  it('leaves other words that merely contain a claim alone', () => {
    assert.deepEqual(phrases('Evergreen ecology: Ökonomie of the greenhouse, an ekonomiczny wybór'), []);
  });

  it('shows each phrase in its context, cut with an ellipsis', () => {
    const text = `${'word '.repeat(20)}this jumper is eco-friendly and warm ${'more '.repeat(20)}`;
    const [hit] = findGreenClaims(text);
    assert.equal(hit!.term, 'eco-friendly');
    assert.equal(hit!.language, 'en');
    assert.match(hit!.context, /^….*this jumper is eco-friendly and warm.*…$/);
    assert.ok(hit!.context.length <= 'eco-friendly'.length + 2 * 40 + 2);
    assert.equal(text.slice(hit!.index, hit!.index + hit!.phrase.length), 'eco-friendly');
  });

  it('does not count a word the caller says is not a claim, such as the product colour "Green"', () => {
    assert.deepEqual(phrases('Green wool jumper', ['Green']), []);
    assert.deepEqual(phrases('Green wool jumper, green choice', ['Red']), ['Green', 'green']);
  });
});

describe('GET /compliance/v1/green-claims', () => {
  const suite = useTestServer();
  before(async () => {
    const { products, ...meta } = structuredClone(SMALL_CATALOG);
    products[0]!.description = 'Soft wool. Our most eco-friendly scarf yet.';
    products[2]!.title = 'Umweltfreundliche Handschuhe';
    products[1]!.attributes.color = ['Green'];
    products[1]!.title = 'Green Hat';
    await suite.server.store.catalog.replace(meta, products);
  });
  const report = () =>
    fetchJson(suite.server.restUrl('/compliance/v1/green-claims'), { headers: { authorization: suite.manager } });

  it('answers 409 compliance_module_disabled while greenwashing_enabled is off', async () => {
    const { status, body } = await report();
    assert.equal(status, 409);
    assert.equal(body.code, 'compliance_module_disabled');
  });

  it('lists exactly the products with claims, each with its phrases in context and its page', async () => {
    await fetchJson(suite.server.restUrl('/compliance/v1/settings/compliance'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { greenwashing_enabled: true },
    });
    const { status, body } = await report();
    assert.equal(status, 200);
    assert.equal(body.checked, 3);
    assert.deepEqual(
      body.products.map((product: { title: string }) => product.title),
      ['Rated Scarf', 'Umweltfreundliche Handschuhe'],
    );
    const [scarf, gloves] = body.products;
    assert.deepEqual(scarf.claims, [
      {
        field: 'description',
        term: 'eco-friendly',
        language: 'en',
        phrase: 'eco-friendly',
        context: 'Soft wool. Our most eco-friendly scarf yet.',
      },
    ]);
    assert.equal(scarf.url, `${suite.server.config.siteUrl}/product/rated-scarf`);
    assert.deepEqual(
      gloves.claims.map((claim: { field: string; phrase: string }) => `${claim.field}:${claim.phrase}`),
      ['title:Umweltfreundliche'],
    );
  });
});
