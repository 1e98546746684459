/** Comparing a request's If-None-Match with an answer's ETag, as an origin server evaluates it (RFC 9110, 13.1.2). */

/**
 * Whether If-None-Match names `etag` (or is `*`), weakly compared. A request's `Cache-Control: no-cache` does not
 * change the answer: the client asks the origin, which is what it is doing (fetch() adds it to any request that sets
 * If-None-Match itself, which Koa's `ctx.fresh` would then never answer 304).
 */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  const tags = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(bare);
}
