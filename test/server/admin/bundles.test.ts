// The admin is its own Vite entry: the storefront bundle must stay free of React and the editor, and must not grow
// because the admin exists. Reads the build `npm test` makes before this stage.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIST_DIR } from '../../../server/paths.js';
import { ADMIN_ENTRY, MANIFEST_PATH, STOREFRONT_ENTRY } from '../../../server/pages/client-assets.js';

interface Chunk { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Record<string, Chunk>;
const read = (file: string) => readFileSync(path.join(CLIENT_DIST_DIR, file));

describe('the client bundles', () => {
  it('keep React and WordPress\u2019s editor out of the storefront, which shares no chunk with the admin', () => {
    const storefront = manifest[STOREFRONT_ENTRY]!;
    assert.deepEqual([storefront.imports ?? [], storefront.dynamicImports ?? []], [[], []]);
    const code = read(storefront.file).toString('utf8');
    assert.doesNotMatch(code, /react\.element|__SECRET_INTERNALS|core\/block-editor/);
    assert.match(read(manifest[ADMIN_ENTRY]!.file).toString('utf8'), /core\/block-editor/, 'the check would see the editor');
  });

  // The script keeps its size from before the admin; the CSS grew by the shop's forms (issue 13: cart, checkout,
  // account, contact, withdrawal, about 0.5 kB gzip), which the admin has no part in.
  it('keep the storefront within its size without the admin (12.4 kB gzip of script, 2.8 kB of CSS with the shop forms)', () => {
    const storefront = manifest[STOREFRONT_ENTRY]!;
    const scriptGzip = gzipSync(read(storefront.file), { level: 9 }).length;
    const cssGzip = (storefront.css ?? []).reduce((sum, file) => sum + gzipSync(read(file), { level: 9 }).length, 0);
    assert.ok(scriptGzip <= 12_500, `storefront script: ${scriptGzip} bytes gzip`);
    assert.ok(cssGzip <= 2_850, `storefront CSS: ${cssGzip} bytes gzip`);
  });

  it('leave the 13 MB wasm-vips and the video-conversion workers out of the admin build', () => {
    const files = Object.values(manifest).map((chunk) => chunk.file);
    assert.deepEqual(files.filter((file) => /vips|video-conversion/.test(file)), []);
  });
});
