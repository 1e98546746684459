/**
 * Leaving out of a `GET /filter` answer the facets form the client already shows. The form does not change with the
 * page (submitting it starts again at page 1), and it is about half of an answer: the storefront's element, turning
 * a page, names the form it shows by the tag its answer or its page gave it (`facets_etag`, `data-facets_etag`), and
 * an answer whose form has that tag comes without `facets_html`. Any other tag gets the whole answer: a form that
 * changed meanwhile (new counts after a stock change) is sent again.
 * @internal
 */
import { createHash } from 'node:crypto';

/** The `GET /filter` variable naming the facets form the client holds. */
export const HELD_FACETS_PARAM = 'facets_etag';

const TAG = /^[0-9a-f]{16}$/;

/**
 * The tag of a facets form: 16 hex digits of the SHA-1 of what follows its opening tag, which a client can only have
 * from an answer or a page. The opening tag is left out because its `action` names the page the form is on (an
 * answer's is empty, resolved against the page that asked): the form a page is served with and an answer's for the
 * same state then share a tag, and the first page turn after a page load can name the form the page showed.
 */
export function facetsFormTag(facetsHtml: string): string {
  return createHash('sha1')
    .update(facetsHtml.slice(facetsHtml.indexOf('>') + 1))
    .digest('hex')
    .slice(0, 16);
}

/** The tag a request names as held, when it names one well formed (once); null otherwise. */
export function heldFacetsTag(query: Readonly<Record<string, string | string[]>>): string | null {
  const value = Object.hasOwn(query, HELD_FACETS_PARAM) ? query[HELD_FACETS_PARAM] : undefined;
  return typeof value === 'string' && TAG.test(value) ? value : null;
}

/** A filter address (without `?`) with the held tag last, where the canonical address puts it. */
export function withHeldFacets(address: string, held: string | null): string {
  if (held === null) return address;
  return [address, `${HELD_FACETS_PARAM}=${held}`].filter(Boolean).join('&');
}

/**
 * The ETag of an answer at an address that names a held form, from the ETag of the whole answer: another
 * representation, which a cache must not take for the whole one.
 */
export function heldVariantEtag(etag: string): string {
  return `${etag.slice(0, -1)}.held-facets"`;
}
