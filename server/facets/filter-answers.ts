/**
 * The answers of `/filter` (POST and GET) for everyone, kept in memory by the key of filter-cache.ts (catalog
 * revision, configuration, settings, canonical address): the same state asked again (the first page of a listing,
 * a popular filter, every shopper's back button) costs a look-up instead of filtering and rendering again.
 *
 * - An answer is fresh for {@link TTL_MS} at most (a scheduled sale changes the key itself, see
 *   FacetService.answeringKey), and for at least half of it, each for a time of its own. Past that, what the key
 *   cannot name (the Omnibus prices its cards show: FilterRouteDependencies.unkeyedInputs) is read again: unchanged,
 *   the answer is kept on for another lifetime; changed, it is made again. Making again every answer of a crowd as
 *   it expired cost a 1M-product shop about 4 ms of its serving thread each, 200 answers a minute, which showed in
 *   the slowest requests of a busy minute. A CDN keeps an answer that long anyway (FILTER_CACHE_CONTROL).
 * - At most {@link MAX_ANSWERS} (about 50 KB each), least recently used first out.
 * - Kept without a visitor's CSRF token (a POST puts the visitor's into its copy's add-to-cart forms), serialized
 *   to bytes, and compressed once per coding asked for: a kept answer costs a look-up and a write.
 * @internal
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FilterResponse } from '../../client/api/facets.js';
import { preferredCoding } from '../http/compression.js';
import { jsonBytes } from '../http/json-bytes.js';
import { toQueryRecord, toQueryString } from '../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../shortcodes/widget-attributes.js';
import { filterEtag, widgetQueryString } from './filter-cache.js';
import type { FilterRouteDependencies } from './route-dependencies.js';

const TTL_MS = 60_000;
/** The filter through which an extension may change an answer (WordPress's `rest_post_dispatch`, for /filter). */
export const RESPONSE_FILTER = 'facet/rest/filter_response';
export const JSON_TYPE = 'application/json; charset=utf-8';
const MAX_ANSWERS = 500;
const EMPTY_TOKEN = 'name="_csrf" value=""';

export interface FilterAnswer {
  response: FilterResponse;
  /** The canonical query of the state the answer applied (its page clamped). */
  applied: string;
  /** Its strong ETag (filter-cache.ts). */
  etag: string;
  /**
   * `response` as JSON in UTF-8, made once: an answer of 50 KB costs more to serialize and encode than to look up,
   * and bytes go to the socket as they are (a string is encoded again on every write).
   */
  bytes: Buffer;
  /** `bytes` cut at every empty CSRF token, made for the first POST: a visitor's copy is these with their token between. */
  tokenGaps?: Buffer[];
  /** `bytes` compressed, made on first request for each coding. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

interface KeptAnswer {
  answer: FilterAnswer;
  expiresAt: number;
  /** The page's products, and what they showed beyond the key when the answer was made (see unkeyedInputs). */
  productIds: readonly number[];
  unkeyed: string | undefined;
}

/** A kept answer's lifetime: between half of TTL_MS and all of it, so that answers made together expire apart. */
const lifetime = () => TTL_MS * (0.5 + Math.random() / 2);

export class FilterAnswers {
  readonly #answers = new Map<string, KeptAnswer>();

  constructor(private readonly deps: FilterRouteDependencies) {}

  /** The ETag of the answer at a canonical address, from what it depends on. */
  etagOf(canonical: string): string {
    const { revision, configKey } = this.deps.facets.answeringKey();
    return filterEtag(revision, configKey, this.deps.store.site.data.settings, canonical);
  }

  /** The answer for everyone for a state (the engine ready), kept or made now. `canonical`: its canonical query. */
  async answer(query: Record<string, string | string[]>, widget: WidgetAttributes, canonical: string): Promise<FilterAnswer> {
    const etag = this.etagOf(canonical);
    const kept = this.#answers.get(etag);
    const now = Date.now();
    if (kept && (now <= kept.expiresAt || await this.#stillShows(kept))) {
      this.#answers.delete(etag);
      this.#answers.set(etag, kept);
      return kept.answer;
    }
    const outcome = await this.deps.facets.answer(query, widget);
    // Asking may have started a rebuild (a replaced catalog): the previous index answered, under its own key.
    const answeredAs = this.etagOf(canonical);
    const { result, schema } = outcome;
    // Read before the render: a change between the two then makes the answer again at its next check, never keeps it.
    const unkeyed = await this.deps.unkeyedInputs?.(result.products);
    const response: FilterResponse = {
      ...(await this.deps.renderFragments(outcome, '')),
      found: result.found, page: result.page, pages: result.pages, query: toQueryRecord(result.state, schema),
    };
    const answer: FilterAnswer = {
      etag: answeredAs, response, bytes: jsonBytes(response), encoded: {},
      applied: [widgetQueryString(widget), toQueryString(result.state, schema)].filter(Boolean).join('&'),
    };
    this.#answers.delete(answeredAs);
    this.#answers.set(answeredAs, { answer, expiresAt: now + lifetime(), productIds: result.productIds, unkeyed });
    while (this.#answers.size > MAX_ANSWERS) this.#answers.delete(this.#answers.keys().next().value!);
    return answer;
  }

  /** Whether a kept answer past its lifetime still shows what it would if made now; if so it lives another lifetime. */
  async #stillShows(kept: KeptAnswer): Promise<boolean> {
    if (kept.unkeyed === undefined || !this.deps.unkeyedInputs) return false;
    // The page's products as stored now: the answer's own may be older copies.
    const products = await this.deps.store.catalog.productsByIds(kept.productIds);
    if ((await this.deps.unkeyedInputs(products)) !== kept.unkeyed) return false;
    kept.expiresAt = Date.now() + lifetime();
    return true;
  }
}

/** A copy of an answer for one visitor: their CSRF token in its add-to-cart forms. */
export function withVisitorToken(response: FilterResponse, token: string): FilterResponse {
  return { ...response, results_html: response.results_html.replaceAll(EMPTY_TOKEN, `name="_csrf" value="${token}"`) };
}

/** The empty token as it is written inside the answer's JSON strings. */
const EMPTY_TOKEN_JSON = Buffer.from(JSON.stringify(EMPTY_TOKEN).slice(1, -1));

/**
 * The same as JSON bytes: the answer's bytes with the visitor's token in each gap (tokens are base64url: nothing to
 * escape). One copy of the bytes, where a string replace and its encoding for the socket cost several.
 */
export function jsonWithVisitorToken(answer: FilterAnswer, token: string): Buffer {
  const gaps = (answer.tokenGaps ??= splitAt(answer.bytes, EMPTY_TOKEN_JSON));
  if (gaps.length === 1) return answer.bytes;
  const filled = Buffer.from(JSON.stringify(`name="_csrf" value="${token}"`).slice(1, -1));
  const pieces: Buffer[] = [gaps[0]!];
  for (let gap = 1; gap < gaps.length; gap++) pieces.push(filled, gaps[gap]!);
  return Buffer.concat(pieces);
}

/** The parts of `bytes` between occurrences of `separator` (views, not copies). */
function splitAt(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator); at >= 0; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/** The body of an answer in the coding the client takes best, compressed once per answer and coding. */
export function encodedAnswer(answer: FilterAnswer, acceptEncoding: string | string[] | undefined): { body: Buffer; coding: 'br' | 'gzip' | null } {
  const coding = preferredCoding(acceptEncoding);
  if (!coding) return { body: answer.bytes, coding: null };
  answer.encoded[coding] ??= coding === 'br'
    ? brotliCompressSync(answer.bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(answer.bytes, { level: 6 });
  return { body: answer.encoded[coding]!, coding };
}
