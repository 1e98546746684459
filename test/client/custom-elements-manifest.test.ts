// custom-elements.json, made from <facet-filter>'s JSDoc by the build (scripts/custom-elements-
// manifest.ts), is named by package.json, matches a fresh analysis (so it cannot drift from the element), and documents
// what the element really has: every part in its rendered shadow DOM, every slot, every custom property its CSS and the
// fragments' CSS read (with a default for those a theme sets), its public properties with their attributes, its event.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { html } from '@lit-labs/ssr';
import { FacetFilter } from '../../client/facet-filter/facet-filter.js';
import { renderToString } from '../../server/html/render-html.js';
import { PROJECT_ROOT } from '../../server/paths.js';
import { MANIFEST_FILE, manifestText } from '../../scripts/custom-elements-manifest.js';

interface Named {
  name: string;
  default?: string;
  description?: string;
  fieldName?: string;
  attribute?: string;
}
interface ElementDeclaration {
  tagName: string;
  cssParts: Named[];
  cssProperties: Named[];
  slots: Named[];
  events: Named[];
  attributes: Named[];
  members: (Named & { kind: string })[];
}

const manifestPath = path.join(PROJECT_ROOT, MANIFEST_FILE);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  modules: { declarations: (ElementDeclaration & { kind: string })[] }[];
};
const element = manifest.modules
  .flatMap((module) => module.declarations)
  .find((declaration) => declaration.tagName === 'facet-filter')!;
const names = (items: Named[]) => new Set(items.map((item) => item.name));
const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

/** The custom properties a stylesheet reads, `--facet-filter-*` only (`--_x` are private shorthands). */
const customPropertiesRead = (css: string) =>
  new Set([...css.matchAll(/var\((--facet-filter-[a-z-]+)/g)].map((match) => match[1]!));

describe('custom-elements.json', () => {
  it('is named by package.json and is what the analyzer makes of the element now', async () => {
    assert.equal(JSON.parse(read('package.json')).customElements, MANIFEST_FILE);
    assert.equal(read(MANIFEST_FILE), await manifestText(PROJECT_ROOT), 'run npm run build to regenerate it');
    assert.ok(element, 'it declares <facet-filter>');
  });

  it('lists every part of the rendered shadow DOM, and no other', async () => {
    const markup = await renderToString(html`<facet-filter found="3" active-filters="1"></facet-filter>`);
    const parts = new Set([...markup.matchAll(/ part="([^"]+)"/g)].flatMap((match) => match[1]!.split(' ')));
    assert.ok(parts.size >= 10);
    assert.deepEqual(names(element.cssParts), parts);
    const slots = new Set([...markup.matchAll(/<slot name="([^"]+)"/g)].map((match) => match[1]!));
    assert.deepEqual(names(element.slots), slots);
  });

  it('lists every custom property the element and its fragments read, a default for those a theme sets', () => {
    const read_ = new Set([
      ...customPropertiesRead(FacetFilter.styles.toString()),
      ...customPropertiesRead(read('client/facet-filter/facet-filter-fragments.css')),
    ]);
    const documented = names(element.cssProperties);
    for (const property of read_) assert.ok(documented.has(property), `${property} is documented`);
    for (const property of documented) assert.ok(read_.has(property), `${property} is read somewhere`);
    for (const property of element.cssProperties) {
      if (!/^Set by the server/.test(property.description ?? ''))
        assert.ok(property.default, `${property.name} has a default`);
    }
    assert.equal(
      element.cssProperties.find((property) => property.name === '--facet-filter-accent')?.default,
      '#2f5d50',
    );
  });

  it('lists the public properties with their attributes, leaves out the internal state, and names the event', () => {
    const declared = Object.entries(FacetFilter.properties).filter(
      ([, options]) => !('state' in options && options.state),
    );
    assert.deepEqual(
      names(element.members.filter((member) => member.kind === 'field')),
      new Set(declared.map(([name]) => name)),
    );
    for (const [name, options] of declared) {
      const attribute =
        'attribute' in options && typeof options.attribute === 'string' ? options.attribute : name.toLowerCase();
      assert.ok(
        element.attributes.some((entry) => entry.name === attribute),
        `attribute ${attribute} of ${name}`,
      );
    }
    for (const internal of ['filtersOpen', 'announcement', 'errorMessage'])
      assert.ok(!element.attributes.some((entry) => entry.name === internal));
    assert.deepEqual([...names(element.events)], ['facet-filter-change']);
    assert.match(read('client/facet-filter/facet-filter.ts'), /new CustomEvent\('facet-filter-change'/);
  });
});
