/**
 * `GET /facet/v1/filter?facets=…&per_page=…&sf_…`: what `POST /filter` answers for the same widget and state, at one
 * address per state, with a strong ETag, Cache-Control for browsers and CDNs, and 304 for a still-valid copy
 * (see filter-cache.ts). The widget's element uses it; the POST stays for clients that send a body. An address may end
 * with the facets form the client holds (`&facets_etag=…`, held-fragments.ts): the answer then leaves it out when it
 * is that one.
 */
import type { FilterResponse } from '../../../client/api/facets.js';
import { toQueryString } from '../../../client/facet-filter/query-state.js';
import { RestResponse, endpoint, type EndpointDefinition } from '../../rest/route.js';
import { matchesEtag } from '../../http/etag.js';
import { FILTER_CACHE_CONTROL, isCanonicalQuery, readFilterQuery, widgetQueryString } from './filter-cache.js';
import { encodedAnswer, JSON_TYPE, RESPONSE_FILTER, withoutFacets, type FilterAnswers } from './filter-answers.js';
import { heldFacetsTag, heldVariantEtag, withHeldFacets } from './held-fragments.js';
import type { FilterOutcome } from '../facet-service.js';
import type { FilterRouteDependencies } from './route-dependencies.js';

/** Signed-in callers (a REST nonce) get their own copy: their answer must never be kept for others. */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

export function filterGetEndpoint(
  deps: FilterRouteDependencies & { address: string },
  answers: FilterAnswers,
): EndpointDefinition<
  FilterResponse | Omit<FilterResponse, 'facets_html'> | { location: string } | string | Buffer | null
> {
  return endpoint({
    methods: ['GET'],
    permission: 'public',
    withoutCatalog: true,
    handler: async (request) => {
      const { query, widget } = readFilterQuery(request.query);
      const held = heldFacetsTag(request.query);
      await deps.facets.ready();
      const canonical = deps.facets.canonicalQuery(query, widget);
      const cacheControl = request.user === null ? FILTER_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
      // One address per state: the REST root's, whether asked there or through `/?rest_route=`.
      const redirect = (to: string) => {
        const address = withHeldFacets(to, held);
        const location = address ? `${deps.address}?${address}` : deps.address;
        return new RestResponse({ location }, 301, { Location: location, 'Cache-Control': cacheControl });
      };
      // The state the answer applies (page clamped too), in one hop.
      const appliedQuery = ({ result, schema }: FilterOutcome) =>
        [widgetQueryString(widget), toQueryString(result.state, schema)].filter(Boolean).join('&');
      if (!isCanonicalQuery(request.query, withHeldFacets(canonical, held)))
        return redirect(appliedQuery(deps.facets.filter(query, widget)));
      // An address naming a held form has answers of its own (with or without the form): their own tag.
      const tagOf = (etag: string) => (held ? heldVariantEtag(etag) : etag);
      const etag = tagOf(answers.etagOf(canonical));
      const headers = { ETag: etag, 'Cache-Control': cacheControl };
      if (matchesEtag(request.headers['if-none-match'], etag)) return new RestResponse(null, 304, headers);
      const answer = await answers.answer(query, widget, canonical);
      // The index that answered may be the previous one, still in use while the new one is built: its own tag.
      headers.ETag = tagOf(answer.etag);
      // A page past the last is the last page: one address for it.
      if (answer.applied !== canonical) return redirect(answer.applied);
      const leavesFacetsOut = held !== null && held === answer.facetsEtag;
      if (deps.hooks.hasFilter(RESPONSE_FILTER)) {
        // Read from the kept bytes afresh: a filter of an extension cannot change the answer kept for others. It is
        // given the whole answer, as on every other request (a filter written for the answer may read the form), and
        // the form the client holds is left out of what it returns.
        const filtered = await deps.hooks.applyFilters(RESPONSE_FILTER, answer.response, request);
        return new RestResponse(leavesFacetsOut ? withoutFacetsHtml(filtered) : filtered, 200, headers);
      }
      // Without such a filter, the answer goes out as it was serialized and compressed once.
      const { body, coding } = encodedAnswer(
        leavesFacetsOut ? withoutFacets(answer) : answer,
        request.headers['accept-encoding'],
      );
      return new RestResponse(body, 200, {
        ...headers,
        'Content-Type': JSON_TYPE,
        ...(coding ? { 'Content-Encoding': coding } : {}),
      });
    },
  });
}

/** A filtered answer without the form the client holds; anything else a filter returned stays as it is. */
function withoutFacetsHtml(filtered: FilterResponse): Omit<FilterResponse, 'facets_html'> {
  if (typeof filtered !== 'object' || filtered === null) return filtered;
  const { facets_html: _heldByTheClient, ...rest } = filtered;
  return rest;
}
