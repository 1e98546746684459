/**
 * An HTTPS front for a test server, as a shop runs behind a TLS-terminating proxy: a self-signed certificate made
 * with the system's openssl for 127.0.0.1, and every request passed on unchanged (with `X-Forwarded-Proto: https`).
 * Clients that behave differently over HTTPS (WooCommerce's sends its key in the clear there) are tested through it.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { forwardRequest } from './forward-request.js';
import { makeTempDir } from './test-server.js';

export interface TlsProxy {
  url: string;
  /** The certificate, for a client to trust. */
  certificate: Buffer;
  close(): Promise<void>;
}

export async function startTlsProxy(upstreamUrl: string): Promise<TlsProxy> {
  const folder = await makeTempDir('vitrine-tls-');
  const [keyFile, certFile] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  const certificate = await readFile(certFile);
  const upstream = new URL(upstreamUrl);
  const server = https.createServer({ key: await readFile(keyFile), cert: certificate }, (request, response) => {
    forwardRequest(request, response, upstream, { 'x-forwarded-proto': 'https' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certificate,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
