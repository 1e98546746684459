/**
 * One `/filter` round trip: gets the answer for an address (the widget's attributes and a state) and checks that it
 * has the shape the element swaps in. Abort signals pass through, so the element can drop a stale request.
 */
import type { FilterResponse } from '../api/facets.js';
import { REGION_NAMES } from './region-swap.js';

function isFilterResponse(record: Record<string, unknown>): record is Record<string, unknown> & FilterResponse {
  const texts = REGION_NAMES.every((name) => typeof record[`${name}_html`] === 'string');
  return texts && typeof record.found === 'number' && record.query instanceof Object;
}

/**
 * @param heldFacets the facets form shown, when the address names it held
 * @throws an Error naming the HTTP status or a malformed answer, and the AbortError when aborted. The element shows
 * shoppers its own sentence, so these stay short: the storefront's script has a 12 KiB budget.
 * @example await requestFilter('/wp-json/facet/v1/filter?per_page=6&sf_color=red', controller.signal)
 */
export async function requestFilter(url: string, signal: AbortSignal, heldFacets?: string): Promise<FilterResponse> {
  // A GET: the browser's cache and a CDN may answer it (the server sends an ETag and Cache-Control).
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  // An answer to an address naming the facets form held (`facets_etag`) may leave it out: it is that one. Spread into
  // an object, whatever JSON came is checked as a record.
  const json: Record<string, unknown> = { facets_html: heldFacets, ...(await response.json()) };
  if (!isFilterResponse(json)) throw new Error('Malformed filter response');
  return json;
}
