/**
 * Reads a request body as bytes, up to a limit, for the one kind of request that is not JSON: a file upload
 * (`wp/v2/media`, which WordPress accepts as the raw file with a Content-Disposition header). Stops reading, and
 * says so, as soon as the limit is passed, so an oversized upload costs at most the limit in memory.
 */
import type { Context } from 'koa';

export type RawBody = { kind: 'bytes'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

export async function readRawBody(ctx: Context, maxBytes: number): Promise<RawBody> {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { kind: 'too-large' };
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of ctx.req) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) return { kind: 'too-large' };
      chunks.push(chunk as Buffer);
    }
  } catch {
    return { kind: 'aborted' };
  }
  return { kind: 'bytes', bytes: Buffer.concat(chunks) };
}
