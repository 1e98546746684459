// The storefront JavaScript a shopper downloads stays within 12 KiB gzip (12,288 bytes) and the 32 bytes that let the
// language switch carry a filter state chosen with JavaScript along (client/shop/language-switch.ts), measured on the
// precompressed files the server sends (`npm test` builds them before this runs): the storefront entry and every chunk
// it imports, found through the build manifest (the admin's bundles are another entry and never load on the shop).
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { minifyCss } from '../../scripts/minify-css-templates.js';
import { CLIENT_DIST_DIR } from '../../server/paths.js';
import { MANIFEST_PATH, STOREFRONT_ENTRY } from '../../server/site/client-assets.js';

const BUDGET = 12_320;

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The storefront's script files: its entry and, transitively, what it imports. */
function storefrontScripts(): string[] {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  visit(STOREFRONT_ENTRY);
  return [...files];
}

describe('storefront bundle', () => {
  it(`sends at most ${BUDGET} bytes of gzip JavaScript`, () => {
    const files = storefrontScripts();
    assert.ok(files.length > 0, 'dist/client holds the built bundle: run `npm run build` first');
    const total = files.reduce((sum, file) => sum + statSync(path.join(CLIENT_DIST_DIR, `${file}.gz`)).size, 0);
    assert.ok(total <= BUDGET, `${total} bytes of gzip JavaScript is over the budget of ${BUDGET}`);
  });

  it('minifies shadow CSS without changing what it means', () => {
    assert.equal(
      minifyCss(`
      /* why */
      :host([hidden]) { display: none; }
      .a > .b, .c { margin: 0 auto; width: calc(100% - 2rem); }
      .d { padding: 0.75rem 10.5px; opacity: 0.55; color: #0a0.5; --x: a0.5 }
    `),
      ':host([hidden]){display:none}.a>.b,.c{margin:0 auto;width:calc(100% - 2rem)}' +
        '.d{padding:.75rem 10.5px;opacity:.55;color:#0a0.5;--x:a0.5}',
    );
  });
});
