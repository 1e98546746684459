// The admin is its own Vite entry: the storefront bundle must stay free of React and the editor, and must not grow
// because the admin exists. Reads the build `npm test` makes before this stage.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIST_DIR } from '../../../server/paths.js';
import {
  ADMIN_ENTRY,
  ADMIN_SCREENS_CHUNK,
  MANIFEST_PATH,
  STOREFRONT_ENTRY,
} from '../../../server/site/client-assets.js';

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Record<string, Chunk>;
const read = (file: string) => readFileSync(path.join(CLIENT_DIST_DIR, file));
/** The chunk the admin imports when a page is opened for editing. */
const pageEditorChunk = () =>
  manifest[manifest[ADMIN_SCREENS_CHUNK]!.dynamicImports!.find((name) => name.includes('page-editor'))!]!;

describe('the client bundles', () => {
  it('keep React and WordPress\u2019s editor out of the storefront, which shares no chunk with the admin', () => {
    const storefront = manifest[STOREFRONT_ENTRY]!;
    assert.deepEqual([storefront.imports ?? [], storefront.dynamicImports ?? []], [[], []]);
    const code = read(storefront.file).toString('utf8');
    assert.doesNotMatch(code, /react\.element|__SECRET_INTERNALS|core\/block-editor/);
    assert.match(read(pageEditorChunk().file).toString('utf8'), /core\/block-editor/, 'the check would see the editor');
  });

  it('load the block editor and its blocks only with the page editor, not on every admin screen', () => {
    // The entry, and the screens it imports once the user's language is loaded.
    const atStart = [ADMIN_ENTRY, ADMIN_SCREENS_CHUNK].flatMap((name) => [
      manifest[name]!.file,
      ...(manifest[name]!.imports ?? []).map((imported) => manifest[imported]!.file),
    ]);
    for (const file of atStart)
      assert.doesNotMatch(read(file).toString('utf8'), /core\/block-editor|core\/paragraph/, file);
    assert.match(read(pageEditorChunk().file).toString('utf8'), /core\/paragraph/, 'the check would see the blocks');
  });

  // The script's budget is checked in test/client/bundle-size.test.ts. Here: no admin stylesheet (tens of kB
  // gzip each) leaks into the storefront's CSS, which itself grows only with the shop's own forms and cards (about
  // 3 kB gzip with cart, checkout, account, contact, withdrawal and DSA notice forms).
  it('keep the admin\u2019s styles out of the storefront CSS', () => {
    const storefront = manifest[STOREFRONT_ENTRY]!;
    const css = (storefront.css ?? []).map((file) => read(file).toString('utf8')).join('');
    assert.doesNotMatch(css, /\.components-|\.block-editor|\.dataviews-/, 'no WordPress component styles');
    const cssGzip = gzipSync(css, { level: 9 }).length;
    assert.ok(cssGzip <= 4_096, `storefront CSS: ${cssGzip} bytes gzip`);
    const adminCss = (manifest[ADMIN_ENTRY]!.css ?? []).map((file) => read(file).toString('utf8')).join('');
    assert.match(adminCss, /\.components-/, 'the check would see the admin\u2019s styles');
  });

  it("load the admin's Polish strings only for Polish users, and only its screens' chunk with the entry", () => {
    const entry = manifest[ADMIN_ENTRY]!;
    assert.deepEqual(entry.dynamicImports?.sort(), ['client/admin/i18n/pl.json', ADMIN_SCREENS_CHUNK]);
    const entryGzip = gzipSync(read(entry.file), { level: 9 }).length;
    assert.ok(entryGzip < 10_000, `the entry holds no screen: ${entryGzip} bytes gzip`);
    assert.match(read(manifest['client/admin/i18n/pl.json']!.file).toString('utf8'), /Zamówienia/);
    assert.doesNotMatch(read(manifest[ADMIN_SCREENS_CHUNK]!.file).toString('utf8'), /Zamówienia/);
  });

  it('leave the 13 MB wasm-vips and the video-conversion workers out of the admin build', () => {
    const files = Object.values(manifest).map((chunk) => chunk.file);
    assert.deepEqual(
      files.filter((file) => /vips|video-conversion/.test(file)),
      [],
    );
  });
});
