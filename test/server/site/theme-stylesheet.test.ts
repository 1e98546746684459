// The theme's own stylesheet on a real server: theme.css in the data folder is linked after the
// shop's CSS with its version, served as CSS with an ETag (304 when unchanged), relinked under a new version when
// edited, and neither linked nor served when missing or over the size limit.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { MAX_THEME_STYLESHEET_BYTES } from '../../../server/site/theme-stylesheet.js';
import { useTestServer } from '../support/test-server.js';

describe('theme.css', () => {
  const suite = useTestServer();
  const file = () => path.join(suite.server.dataDir, 'theme.css');
  const linked = async () => {
    const html = await (await fetch(`${suite.server.url}/`)).text();
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    return { links, theme: links.find((href) => href.startsWith('/theme.css')) ?? null };
  };

  it('is linked last with its version, served as CSS, answered 304 when unchanged, and relinked when edited', async () => {
    await writeFile(file(), 'facet-filter { --facet-filter-accent: #7b2d8e; }\n');
    try {
      const first = await linked();
      assert.ok(first.links.length >= 2, "the shop's own stylesheets are there");
      assert.equal(first.links.at(-1), first.theme, "after the shop's CSS");
      const response = await fetch(`${suite.server.url}${first.theme}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/css; charset=utf-8');
      assert.equal(await response.text(), 'facet-filter { --facet-filter-accent: #7b2d8e; }\n');
      const again = await fetch(`${suite.server.url}/theme.css`, {
        headers: { 'if-none-match': response.headers.get('etag')! },
      });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get('cache-control'), 'no-cache', 'the unversioned address is asked again each time');

      await writeFile(file(), 'facet-filter { --facet-filter-accent: #224466; --facet-filter-radius: 0; }\n');
      const edited = await linked();
      assert.notEqual(edited.theme, first.theme, 'a new version, so that browsers fetch the edit');
      assert.match(await (await fetch(`${suite.server.url}${edited.theme}`)).text(), /#224466/);
    } finally {
      await rm(file(), { force: true });
    }
  });

  it('is neither linked nor served when missing or too large', async () => {
    assert.equal((await linked()).theme, null);
    assert.equal((await fetch(`${suite.server.url}/theme.css`)).status, 404);
    await writeFile(file(), `/* ${'x'.repeat(MAX_THEME_STYLESHEET_BYTES)} */`);
    try {
      assert.equal((await linked()).theme, null);
      assert.equal((await fetch(`${suite.server.url}/theme.css`)).status, 404);
    } finally {
      await rm(file(), { force: true });
    }
  });
});
