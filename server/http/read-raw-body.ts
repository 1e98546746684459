/**
 * Reads a request's body as the exact bytes sent, for signatures computed over them (a payment provider's webhook):
 * a parsed and re-serialised body would not be the bytes that were signed. Bounded like every body.
 */
import type { Context } from 'koa';

export type RawBody = { kind: 'bytes'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

export async function readRawBody(ctx: Context, limitBytes: number): Promise<RawBody> {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) return { kind: 'too-large' };
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limitBytes) return { kind: 'too-large' };
      chunks.push(chunk);
    }
  } catch {
    return { kind: 'aborted' };
  }
  if (ctx.req.readableAborted) return { kind: 'aborted' };
  return { kind: 'bytes', bytes: Buffer.concat(chunks) };
}
