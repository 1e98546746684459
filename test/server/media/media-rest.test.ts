// wp/v2/media: uploads are typed by their bytes (JPEG, PNG, WebP, AVIF), SVG and lookalikes are refused, the size
// is limited, and files come back with their type, nosniff and a sandboxing policy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_MEDIA_BYTES } from '../../../server/media/media-files.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const AVIF = Buffer.concat([
  Buffer.from([0, 0, 0, 28]),
  Buffer.from('ftypavif'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('avifmif1miaf'),
]);
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('wp/v2/media', () => {
  const suite = useTestServer();
  const upload = async (bytes: Buffer, filename: string, headers: Record<string, string>, type = 'image/jpeg') =>
    fetchJson(suite.server.restUrl('/wp/v2/media'), {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': type,
        'content-disposition': `attachment; filename="upload"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      },
      body: new Uint8Array(bytes),
    });

  it('stores JPEG, PNG, WebP and AVIF by their content, whatever their name, and serves each with its type', async () => {
    const headers = { authorization: await suite.server.basicAuthFor('editor') };
    const cases: [Buffer, string, string][] = [
      [JPEG, 'Photo.JPG', 'image/jpeg'],
      [PNG, 'banner.jpg', 'image/png'],
      [WEBP, 'x.png', 'image/webp'],
      [AVIF, 'Żółw hat.avif', 'image/avif'],
    ];
    for (const [bytes, name, type] of cases) {
      const answer = await upload(bytes, name, headers);
      assert.equal(answer.status, 201, name);
      assert.equal(answer.body.mime_type, type, `${name} is typed by its bytes`);
      const file = await fetch(answer.body.source_url);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), type);
      assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
      assert.match(file.headers.get('content-security-policy') ?? '', /sandbox/);
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(bytes), 'the bytes come back unchanged');
    }
    const listed = await fetchJson(suite.server.restUrl('/wp/v2/media'), { headers });
    assert.deepEqual(listed.body.map((item: { slug: string }) => item.slug).sort(), [
      'banner',
      'photo',
      'x',
      'zolw-hat',
    ]);
  });

  it('refuses SVG (even named .png), other files, empty and oversized uploads, and users without edit_pages', async () => {
    const headers = { authorization: await suite.server.basicAuthFor('editor') };
    const before = (await fetchJson(suite.server.restUrl('/wp/v2/media'), { headers })).body.length;
    const svg = await upload(SVG, 'logo.png', headers, 'image/png');
    assert.equal(svg.status, 415);
    assert.match(svg.body.message, /SVG and other markup files are not accepted/);
    const pdf = await upload(Buffer.from('%PDF-1.7 ...'), 'menu.jpg', headers);
    assert.equal(pdf.status, 415);
    assert.match(pdf.body.message, /not a JPEG, PNG, WebP or AVIF image/);
    assert.equal((await upload(Buffer.alloc(0), 'empty.jpg', headers)).status, 400);
    const huge = await upload(Buffer.concat([JPEG, Buffer.alloc(MAX_MEDIA_BYTES)]), 'huge.jpg', headers);
    assert.equal(huge.status, 413);
    const customer = { authorization: await suite.server.basicAuthFor('customer') };
    assert.equal((await upload(JPEG, 'mine.jpg', customer)).status, 403);
    assert.equal(
      (await fetchJson(suite.server.restUrl('/wp/v2/media'), { headers })).body.length,
      before,
      'nothing was stored',
    );
  });

  it('deletes a file for good, after which its address is a 404', async () => {
    const headers = { authorization: await suite.server.basicAuthFor('editor') };
    const created = (await upload(PNG, 'gone.png', headers)).body;
    assert.equal(
      (await fetchJson(suite.server.restUrl(`/wp/v2/media/${created.id}`), { method: 'DELETE', headers })).status,
      501,
    );
    const removed = await fetchJson(suite.server.restUrl(`/wp/v2/media/${created.id}?force=true`), {
      method: 'DELETE',
      headers,
    });
    assert.equal(removed.body.deleted, true);
    assert.equal((await fetch(created.source_url)).status, 404);
  });
});
