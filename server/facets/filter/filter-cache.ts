/**
 * `GET /facet/v1/filter?…`: the answers of `POST /filter` at addresses a browser and a CDN can keep.
 * - One address per state: the REST root's path, the widget's attributes in a fixed order (`facets`, `per_page`,
 *   `columns`, `category`, `orderby`), then the state's `sf_` variables as the URL codec writes them. Any other
 *   spelling of the same state is redirected there, so that a cache holds one copy of each answer.
 * - A strong ETag made of everything the answer depends on: the catalog's revision, the facet configuration, the
 *   shop's settings (currency, what is shown), the address, and the answer's format. A catalog or configuration
 *   change changes it at once; an If-None-Match that still matches is answered 304 before any filtering or rendering.
 * - The answer is the same for every visitor: its add-to-cart forms carry an empty CSRF token, which the element fills
 *   in from its own page (a public answer cannot hold a per-visitor token).
 * @internal
 */
import { createHash, type Hash } from 'node:crypto';
import { FACET_PREFIX } from '../../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../../shortcodes/widget-attributes.js';
import { parseFilterRequest, type FilterRequest } from './filter-request.js';

/**
 * How long a browser or CDN may reuse an answer without asking, and serve it stale while it asks: a price or stock
 * change shows within a minute even behind a cache that never revalidates early.
 */
export const FILTER_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** Bump when the answer's shape or markup changes in a way an old cached copy must not be reused for. */
const ANSWER_FORMAT = 1;
const WIDGET_KEYS = ['facets', 'per_page', 'columns', 'category', 'orderby'] as const;

/** The widget's part of a filter address (without `?`): its normalised attributes in a fixed order. */
export function widgetQueryString(widget: WidgetAttributes): string {
  return WIDGET_KEYS.flatMap((key) => {
    const value = widget[key];
    if (value === undefined) return [];
    return [`${key}=${(Array.isArray(value) ? value : [String(value)]).map(encodeURIComponent).join(',')}`];
  }).join('&');
}

/**
 * Reads a GET request's query: the widget attributes by name, the `sf_` variables as the POST's `query`; other
 * variables are ignored (the canonical address leaves them out).
 * @throws InvalidInputError as parseFilterRequest does
 */
export function readFilterQuery(query: Record<string, string | string[]>): FilterRequest {
  const state: Record<string, string | string[]> = {};
  const widget: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(FACET_PREFIX)) state[name] = value;
    else if ((WIDGET_KEYS as readonly string[]).includes(name))
      widget[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return parseFilterRequest({ query: state, widget });
}

/** Whether a request's query (in its order) is exactly the canonical query string. */
export function isCanonicalQuery(query: Record<string, string | string[]>, canonical: string): boolean {
  const given = Object.entries(query);
  const wanted = [...new URLSearchParams(canonical)];
  return (
    given.length === wanted.length &&
    given.every(([name, value], index) => name === wanted[index]![0] && value === wanted[index]![1])
  );
}

/**
 * The hash of what every answer of one catalog revision, configuration and settings shares, fed once: each ETag
 * continues a copy of it with its address (a few kilobytes of configuration and settings are not hashed per request).
 */
let shared: { revision: string; configJson: string; settings: object; hash: Hash } | null = null;

/** A strong ETag of an answer from what it depends on (see the file's comment). */
export function filterEtag(catalogRevision: string, configJson: string, settings: object, canonical: string): string {
  if (
    !shared ||
    shared.revision !== catalogRevision ||
    shared.configJson !== configJson ||
    shared.settings !== settings
  ) {
    const hash = createHash('sha256').update(
      `${ANSWER_FORMAT}\n${catalogRevision}\n${configJson}\n${JSON.stringify(settings)}\n`,
    );
    shared = { revision: catalogRevision, configJson, settings, hash };
  }
  const digest = shared.hash.copy().update(canonical).digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}
