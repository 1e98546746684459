/**
 * Downloading one image that a manager named by URL, within bounds: a size cap (checked on the announced length and
 * again on every byte received), a connect timeout, a read timeout (no byte for that long) and a deadline for the
 * whole download, a few redirects each checked by the fetch policy, and the type read from the bytes: only JPEG,
 * PNG, WebP and AVIF are kept; HTML or SVG posing as `.jpg` is refused. Failures carry a reason in the manager's
 * words and whether trying again could help.
 */
import http from 'node:http';
import https from 'node:https';
import type { MediaType } from '../store/media-types.js';
import { FetchRefusal, type FetchPolicy } from './fetch-policy.js';
import { MAX_MEDIA_BYTES } from './media-files.js';
import { looksLikeMarkup, sniffImageType } from './sniff-image.js';

export interface DownloadLimits {
  maxBytes: number;
  connectTimeoutMs: number;
  /** The longest wait for the next byte. */
  readTimeoutMs: number;
  /** The whole download, redirects included. */
  totalTimeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  maxBytes: MAX_MEDIA_BYTES,
  connectTimeoutMs: 5_000,
  readTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxRedirects: 5,
};

/** Why an image could not be fetched; `retryable` when the same request might work a moment later. */
export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface DownloadedImage {
  bytes: Buffer;
  type: MediaType;
  /** Where the bytes came from, after redirects. */
  url: string;
}

type Answer = { redirect: string } | { bytes: Buffer };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const seconds = (ms: number) => `${ms / 1000} s`;

/** @example const { bytes, type } = await downloadImage('https://cdn.example/red.jpg', new FetchPolicy()) */
export async function downloadImage(
  address: string,
  policy: FetchPolicy,
  limits: DownloadLimits = DEFAULT_DOWNLOAD_LIMITS,
): Promise<DownloadedImage> {
  const deadline = AbortSignal.timeout(limits.totalTimeoutMs);
  const seen = new Set<string>();
  let url = address;
  for (let redirects = 0; ; redirects++) {
    const checked = checkedUrl(policy, url);
    seen.add(checked.href);
    const answer = await requestOnce(checked, policy, limits, deadline);
    if ('bytes' in answer) return { bytes: answer.bytes, type: imageTypeOf(answer.bytes), url: checked.href };
    const next = new URL(answer.redirect, checked).href;
    if (seen.has(next)) throw new ImageFetchError('redirects in a loop', false);
    if (redirects + 1 > limits.maxRedirects)
      throw new ImageFetchError(`redirects more than ${limits.maxRedirects} times`, false);
    url = next;
  }
}

function checkedUrl(policy: FetchPolicy, url: string): URL {
  try {
    return policy.check(url);
  } catch (error) {
    throw error instanceof FetchRefusal ? new ImageFetchError(error.message, false) : error;
  }
}

function imageTypeOf(bytes: Buffer): MediaType {
  const type = sniffImageType(bytes);
  if (type) return type;
  throw new ImageFetchError(
    looksLikeMarkup(bytes)
      ? 'is HTML or SVG, not a picture (markup can carry scripts); give the address of a JPEG, PNG, WebP or AVIF image'
      : 'is not a JPEG, PNG, WebP or AVIF image (its content was checked, not its name)',
    false,
  );
}

function requestOnce(url: URL, policy: FetchPolicy, limits: DownloadLimits, deadline: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      agent: false,
      lookup: policy.lookupFor(url),
      signal: deadline,
      timeout: limits.readTimeoutMs,
      headers: {
        accept: 'image/avif,image/webp,image/png,image/jpeg;q=0.9,*/*;q=0.1',
        'user-agent': 'Vitrine image import',
      },
    });
    let failure: ImageFetchError | null = null;
    // The first failure is the answer; whatever the torn-down request reports after it is not.
    const fail = (error: ImageFetchError) => {
      failure ??= error;
      reject(failure);
      request.destroy();
    };
    const connecting = setTimeout(
      () => fail(new ImageFetchError(`did not connect within ${seconds(limits.connectTimeoutMs)}`, true)),
      limits.connectTimeoutMs,
    );
    request.on('socket', (socket) => socket.once('connect', () => clearTimeout(connecting)));
    request.on('timeout', () => fail(new ImageFetchError(`sent nothing for ${seconds(limits.readTimeoutMs)}`, true)));
    request.on('error', (error) => {
      clearTimeout(connecting);
      reject(failure ?? describeError(error, url, limits));
    });
    request.on('response', (response) => {
      clearTimeout(connecting);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        request.destroy();
        return resolve({ redirect: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        response.resume();
        request.destroy();
        return reject(new ImageFetchError(`was answered ${status} ${response.statusMessage ?? ''}`.trim(), true));
      }
      const announced = Number(response.headers['content-length']);
      if (announced > limits.maxBytes)
        return fail(new ImageFetchError(`is larger than ${megabytes(limits.maxBytes)}`, false));
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limits.maxBytes)
          return fail(new ImageFetchError(`is larger than ${megabytes(limits.maxBytes)}`, false));
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (!failure) resolve({ bytes: Buffer.concat(chunks) });
      });
      response.on('error', (error) => reject(failure ?? describeError(error, url, limits)));
    });
  });
}

/** A network error in the manager's words. */
function describeError(error: Error, url: URL, limits: DownloadLimits): ImageFetchError {
  if (error instanceof ImageFetchError) return error;
  if (error instanceof FetchRefusal) return new ImageFetchError(error.message, false);
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return new ImageFetchError(`took longer than ${seconds(limits.totalTimeoutMs)}`, true);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ImageFetchError(`names a host that was not found (${url.hostname})`, true);
  if (code === 'ECONNREFUSED')
    return new ImageFetchError(`could not be reached: ${url.host} refused the connection`, true);
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return new ImageFetchError('could not be read: the connection was cut', true);
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT'))
    return new ImageFetchError(`could not be fetched securely (${code})`, true);
  return new ImageFetchError(`could not be fetched (${code ?? error.message})`, true);
}
