/**
 * One `/filter` round trip: posts a state with the widget's attributes and checks that the answer has the shape the
 * element swaps in. Abort signals pass through, so the element can drop a stale request.
 */
import type { FilterRequestBody, FilterResponse } from '../api/facets.js';

function isFilterResponse(value: unknown): value is FilterResponse {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const texts = ['facets_html', 'toolbar_html', 'results_html', 'pagination_html'].every((key) => typeof record[key] === 'string');
  return texts && typeof record.found === 'number' && typeof record.query === 'object' && record.query !== null;
}

/**
 * @throws an Error naming the HTTP status or a malformed answer, and the AbortError when aborted. The element shows
 * shoppers its own sentence, so these stay short: the storefront's script has a 12 KiB budget.
 * @example await requestFilter('/wp-json/facet/v1/filter', { query: { sf_color: 'red' }, widget: {} }, controller.signal)
 */
export async function requestFilter(endpoint: string, body: FilterRequestBody, signal: AbortSignal): Promise<FilterResponse> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const json: unknown = await response.json();
  if (!isFilterResponse(json)) throw new Error('Malformed filter response');
  return json;
}
