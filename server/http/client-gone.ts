/**
 * Whether an error only means that the client went away (closed the connection, sent half a request). Such errors
 * are not the server's fault: nothing is logged and nobody is left to answer.
 */
import type { IncomingMessage } from 'node:http';

const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
const CLIENT_GONE_TYPES = new Set(['request.aborted', 'stream.not.readable']);

export function isClientGone(error: unknown, request?: IncomingMessage): boolean {
  const { code, type } = (error ?? {}) as { code?: unknown; type?: unknown };
  return (
    CLIENT_GONE_CODES.has(String(code)) ||
    String(code).startsWith('HPE_') ||
    CLIENT_GONE_TYPES.has(String(type)) ||
    request?.destroyed === true
  );
}
