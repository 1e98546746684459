// Issue 14: the storefront JavaScript a shopper downloads stays within 12 KiB gzip (12,288 bytes), measured on the
// precompressed files the server sends (`npm test` builds them before this runs).
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { minifyCss } from '../../../scripts/minify-css-templates.js';

const ASSETS = new URL('../../../dist/client/assets/', import.meta.url);
const BUDGET = 12_288;

describe('storefront bundle', () => {
  it(`sends at most ${BUDGET} bytes of gzip JavaScript`, () => {
    const files = readdirSync(ASSETS).filter((name) => name.endsWith('.js.gz'));
    assert.ok(files.length > 0, 'dist/client/assets holds the built bundle: run `npm run build` first');
    const total = files.reduce((sum, name) => sum + statSync(new URL(name, ASSETS)).size, 0);
    assert.ok(total <= BUDGET, `${total} bytes of gzip JavaScript is over the budget of ${BUDGET}`);
  });

  it('minifies shadow CSS without changing what it means', () => {
    assert.equal(minifyCss(`
      /* why */
      :host([hidden]) { display: none; }
      .a > .b, .c { margin: 0 auto; width: calc(100% - 2rem); }
    `), ':host([hidden]){display:none}.a>.b,.c{margin:0 auto;width:calc(100% - 2rem)}');
  });
});
