// Downloading an image a manager named by URL: real bytes from a local server, typed by their content; every bound
// (size, read timeout, redirects) and every refusal of the fetch policy (schemes, private addresses) in words.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FetchPolicy, isPrivateAddress } from '../../../server/media/fetch-policy.js';
import { DEFAULT_DOWNLOAD_LIMITS, downloadImage, ImageFetchError } from '../../../server/media/image-download.js';
import { startImageServer, type ImageServer } from '../support/image-server.js';

describe('downloadImage', () => {
  let images: ImageServer;
  // The test server is on 127.0.0.1, which the default policy refuses: the operator's exception names it.
  const policy = new FetchPolicy(['127.0.0.1']);
  const limits = { ...DEFAULT_DOWNLOAD_LIMITS, readTimeoutMs: 300, totalTimeoutMs: 5_000 };
  const failure = async (address: string, usePolicy = policy) => {
    const error = await downloadImage(address, usePolicy, limits).then(
      () => null,
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof ImageFetchError, `${address} must fail with an ImageFetchError, got ${String(error)}`);
    return error;
  };
  before(async () => {
    images = await startImageServer();
  });
  after(() => images.close());

  it('downloads PNG and JPEG bytes exactly and types them by their content, following a redirect', async () => {
    const png = await downloadImage(images.url('/red.png'), policy, limits);
    assert.equal(png.type, 'image/png');
    assert.ok(png.bytes.equals(images.png));
    const jpeg = await downloadImage(images.url('/blue.jpg?size=large'), policy, limits);
    assert.equal(jpeg.type, 'image/jpeg');
    assert.ok(jpeg.bytes.equals(images.jpeg));
    const moved = await downloadImage(images.url('/moved.png'), policy, limits);
    assert.equal(moved.url, images.url('/red.png'), 'the address after the redirect');
    assert.ok(moved.bytes.equals(images.png));
  });

  it('says why in words, and whether trying again may help', async () => {
    const missing = await failure(images.url('/missing.jpg'));
    assert.match(missing.message, /was answered 404 Not Found/);
    assert.equal(missing.retryable, true);
    const html = await failure(images.url('/page.jpg'));
    assert.match(html.message, /is HTML or SVG, not a picture/);
    assert.equal(html.retryable, false);
    const huge = await failure(images.url('/oversized.jpg'));
    assert.match(huge.message, /is larger than 8 MB/);
    assert.equal(huge.retryable, false);
    const started = performance.now();
    const slow = await failure(images.url('/slow.jpg'));
    assert.match(slow.message, /sent nothing for 0.3 s/);
    assert.ok(performance.now() - started < 3_000, 'the read timeout ends the wait');
    assert.match((await failure(images.url('/loop-a.png'))).message, /redirects in a loop/);
    assert.match((await failure('http://127.0.0.1:1/red.png')).message, /refused the connection/);
  });

  it('refuses schemes other than http(s), and private addresses unless their host is allowed', async () => {
    for (const address of [
      'file:///etc/passwd',
      'ftp://example.com/a.jpg',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    ]) {
      const refused = await failure(address);
      assert.match(refused.message, /is not an http or https address/, address);
      assert.equal(refused.retryable, false);
    }
    const strict = new FetchPolicy();
    for (const address of [
      images.url('/red.png'),
      'http://10.0.0.8/a.jpg',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://2130706433/a.png',
    ]) {
      assert.match((await failure(address, strict)).message, /an address on a private network/, address);
    }
    // A name that resolves to a private address is refused after DNS, before connecting.
    const named = await failure(images.url('/red.png').replace('127.0.0.1', 'localhost'), strict);
    assert.match(named.message, /points to localhost \((127\.0\.0\.1|::1)\)/);
    assert.equal(images.hits('/red.png'), 2, 'the refused requests never reached the server');
    assert.match((await failure('https://user:secret@example.com/a.jpg')).message, /user name or password/);
  });

  it('knows the private networks', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      assert.equal(isPrivateAddress(address), true, address);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', 'example.com'])
      assert.equal(isPrivateAddress(address), false, address);
  });
});
