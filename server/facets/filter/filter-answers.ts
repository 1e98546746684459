/**
 * The answers of `/filter` (POST and GET) for everyone, kept (kept-answers.ts) by their ETag (filter-cache.ts):
 * - kept without a visitor's CSRF token (a POST puts the visitor's into its copy's add-to-cart forms), serialized
 *   to bytes, and compressed once per coding asked for: a kept answer costs a look-up and a write;
 * - for as long as a CDN keeps one anyway (FILTER_CACHE_CONTROL).
 * @internal
 */
import type { FilterResponse } from '../../../client/api/facets.js';
import { backgroundPause } from '../../http/background-pause.js';
import { compressed, preferredCoding } from '../../http/compression.js';
import { jsonBytesWithMembers, withoutMember, type MemberBytes } from '../../http/json-bytes.js';
import { toQueryRecord, toQueryString } from '../../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../../shortcodes/widget-attributes.js';
import { filterEtag, widgetQueryString } from './filter-cache.js';
import { KeptAnswers } from './kept-answers.js';
import { chosenLanguage } from '../../i18n/chosen-language.js';
import type { FacetRouteDependencies, FilterRouteDependencies } from './route-dependencies.js';
import { cartTokenAttributes } from '../fragments/product-card.js';
import { facetsFormTag } from './held-fragments.js';

/** The filter through which an extension may change an answer (WordPress's `rest_post_dispatch`, for /filter). */
export const RESPONSE_FILTER = 'facet/rest/filter_response';
export const JSON_TYPE = 'application/json; charset=utf-8';
const EMPTY_TOKEN = cartTokenAttributes('');

/** Bytes of an answer as sent, and the same compressed on demand (see {@link encodedAnswer}). */
export interface AnswerBody {
  bytes: Buffer;
  /**
   * `bytes` compressed, made fast on first request for each coding, and again smaller behind the request that asks for
   * it again (`small`): most states are asked once, a popular one many times.
   */
  encoded: Partial<Record<'br' | 'gzip', { body: Buffer; small: boolean }>>;
}

export interface FilterAnswer extends AnswerBody {
  /**
   * The answer read back from {@link bytes}, a new object on every read (an extension's filter may change it). Only
   * the bytes are kept: the fragments' strings beside them, about 100 KB an answer, made a server 26 MB larger after
   * a thousand never-asked answers, for the rare shop whose extension filters answers.
   */
  readonly response: FilterResponse;
  /** The canonical query of the state the answer applied (its page clamped). */
  applied: string;
  /** Its strong ETag (filter-cache.ts). */
  etag: string;
  /**
   * `response` as JSON in UTF-8, made once: an answer of 50 KB costs more to serialize and encode than to look up,
   * and bytes go to the socket as they are (a string is encoded again on every write).
   */
  bytes: Buffer;
  /**
   * `bytes` cut at every empty CSRF token, made for the first POST: a visitor's copy is these with their token between.
   */
  tokenGaps?: Buffer[];
  /** The tag of its facets form (`facets_etag`, see held-fragments.ts). */
  facetsEtag: string;
  /** Where `facets_html` lies in `bytes`. */
  facetsMember?: MemberBytes;
  /** The answer without its facets form, for a client that holds it: cut from `bytes` when first asked. */
  withoutFacets?: AnswerBody;
}

/**
 * The ETag of the answer at a canonical address, from what it depends on (the language too), as the index in use
 * answers: also the key
 * of every answer kept from it (the widget a page embeds adds what else it depends on).
 */
export function answerEtag(deps: Pick<FacetRouteDependencies, 'store' | 'facets'>, canonical: string): string {
  const { revision, configKey } = deps.facets.answeringKey();
  // An answer is written in the visitor's language (their choice, else the shop's, which the settings name).
  return filterEtag(revision, configKey, deps.store.site.data.settings, `${chosenLanguage() ?? ''}\n${canonical}`);
}

/**
 * What kept answers compare once past their lifetime: what the page of these products shows now beyond the key (see
 * FilterRouteDependencies.unkeyedInputs), the products read as stored now (an answer's own may be older copies).
 */
export function unkeyedOfStored(
  deps: Pick<FilterRouteDependencies, 'store' | 'unkeyedInputs'>,
): ((productIds: readonly number[]) => Promise<string>) | undefined {
  const { unkeyedInputs } = deps;
  return (
    unkeyedInputs &&
    (async (productIds) => (await unkeyedInputs(await deps.store.catalog.productsByIds(productIds))).key)
  );
}

export class FilterAnswers {
  readonly #kept: KeptAnswers<FilterAnswer>;

  constructor(private readonly deps: FilterRouteDependencies) {
    this.#kept = new KeptAnswers(unkeyedOfStored(deps));
  }

  /** The ETag of the answer at a canonical address, from what it depends on. */
  etagOf(canonical: string): string {
    return answerEtag(this.deps, canonical);
  }

  /** The answer for everyone for a state (the engine ready), kept or made now. `canonical`: its canonical query. */
  answer(query: Record<string, string | string[]>, widget: WidgetAttributes, canonical: string): Promise<FilterAnswer> {
    return this.#kept.get(this.etagOf(canonical), async () => {
      // A facet's value search (`sf_<facet>_search`) is a page's, for the form without JavaScript: not part of the
      // state (query-state.ts), so not of the key nor of the answer, as GET's canonical address leaves it out.
      const outcome = { ...(await this.deps.facets.answer(query, widget)), searches: undefined };
      // Asking may have started a rebuild (a replaced catalog): the previous index answered, under its own key.
      const answeredAs = this.etagOf(canonical);
      const { result, schema } = outcome;
      // Read once and rendered as read: the answer shows exactly what it is compared by at its next check.
      const unkeyed = await this.deps.unkeyedInputs?.(result.products);
      const fragments = await this.deps.renderFragments(outcome, '', unkeyed);
      const response: FilterResponse = {
        ...fragments,
        found: result.found,
        page: result.page,
        pages: result.pages,
        query: toQueryRecord(result.state, schema),
        facets_etag: facetsFormTag(fragments.facets_html),
      };
      const { bytes, members } = jsonBytesWithMembers(response, ['facets_html']);
      const answer: FilterAnswer = {
        etag: answeredAs,
        get response() {
          return JSON.parse(this.bytes.toString('utf8')) as FilterResponse;
        },
        bytes,
        encoded: {},
        facetsEtag: response.facets_etag,
        facetsMember: members.get('facets_html'),
        applied: [widgetQueryString(widget), toQueryString(result.state, schema)].filter(Boolean).join('&'),
      };
      return { key: answeredAs, value: answer, productIds: result.productIds, unkeyed: unkeyed?.key };
    });
  }
}

/** A copy of an answer for one visitor: their CSRF token in its add-to-cart forms. */
export function withVisitorToken(response: FilterResponse, token: string): FilterResponse {
  return { ...response, results_html: response.results_html.replaceAll(EMPTY_TOKEN, cartTokenAttributes(token)) };
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
  const filled = Buffer.from(JSON.stringify(cartTokenAttributes(token)).slice(1, -1));
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

/** The answer without its facets form (see held-fragments.ts), cut from its bytes once. */
export function withoutFacets(answer: FilterAnswer): AnswerBody {
  if (!answer.facetsMember) return answer;
  answer.withoutFacets ??= { bytes: withoutMember(answer.bytes, answer.facetsMember), encoded: {} };
  return answer.withoutFacets;
}

/** The body of an answer in the coding the client takes best, compressed once per answer and coding (see encoded). */
export function encodedAnswer(
  answer: AnswerBody,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; coding: 'br' | 'gzip' | null } {
  const coding = preferredCoding(acceptEncoding);
  if (!coding) return { body: answer.bytes, coding: null };
  const kept = answer.encoded[coding];
  if (!kept) {
    answer.encoded[coding] = { body: compressed(answer.bytes, coding, 'fast'), small: false };
  } else if (!kept.small) {
    kept.small = true;
    void backgroundPause().then(() => {
      answer.encoded[coding] = { body: compressed(answer.bytes, coding, 'small'), small: true };
    });
  }
  return { body: answer.encoded[coding]!.body, coding };
}

/**
 * A visitor's copy of an answer (their token in it: made for one request) in the coding their client takes best,
 * compressed fast.
 */
export function encodedForVisitor(
  bytes: Buffer,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; headers: Record<string, string> } {
  const coding = preferredCoding(acceptEncoding);
  // As the middleware: small answers are sent as they are.
  if (!coding || bytes.length < 1024) return { body: bytes, headers: { 'Content-Type': JSON_TYPE } };
  return {
    body: compressed(bytes, coding, 'fast'),
    headers: { 'Content-Type': JSON_TYPE, 'Content-Encoding': coding },
  };
}
