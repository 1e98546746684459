/**
 * Reads and parses a request body within the 1 MB limit DESIGN.md sets. JSON and url-encoded forms are understood;
 * the caller decides what an unparseable body means for it.
 */
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { isClientGone } from './client-gone.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'invalid-json'; reason: string }
  | { kind: 'too-large' }
  /** The client went away before its body arrived: nobody is left to answer. */
  | { kind: 'aborted' }
  | { kind: 'other'; contentType: string };

export async function readBody(ctx: Context): Promise<ParsedBody> {
  let text: string;
  try {
    text = await getRawBody(ctx.req, { limit: BODY_LIMIT_BYTES, length: ctx.get('content-length') || undefined, encoding: 'utf8' });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') return { kind: 'too-large' };
    if (isClientGone(error, ctx.req)) return { kind: 'aborted' };
    throw error;
  }
  if (text.trim() === '') return { kind: 'none' };
  const contentType = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
  if (contentType === 'application/x-www-form-urlencoded') {
    return { kind: 'form', value: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (contentType === 'application/json' || contentType.endsWith('+json') || contentType === '') {
    try {
      return { kind: 'json', value: JSON.parse(text) };
    } catch (error) {
      return { kind: 'invalid-json', reason: (error as Error).message };
    }
  }
  return { kind: 'other', contentType };
}
