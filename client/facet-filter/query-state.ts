/**
 * The filter state <-> URL codec, shared by the server (first render, `/filter`) and the browser (links, history).
 * It imports nothing from the server and nothing Node-only, so the same rules run on both sides.
 *
 * URL variables: `sf_<facet>` (list values `a,b`, or repeated `sf_<facet>=a&sf_<facet>=b`, which mean the same),
 * range facets `min-max` with either end empty (`10-`, `-50`), `sf_q`, `sf_orderby`, `sf_paged`.
 *
 * Decisions the design leaves open:
 * - Range ends are non-negative decimals (prices, ratings); they are rounded to two decimals, and `50-10` is read as
 *   `10-50`. A minus sign always separates the ends, so negative numbers are not expressible and such input is dropped.
 * - List values are slugs: trimmed and lower-cased, and kept only when the schema knows them (or, without a list of
 *   known values, when they look like a slug). At most {@link MAX_VALUES_PER_FACET} per facet.
 * - `sf_q` is trimmed, inner whitespace collapsed to one space, and cut to {@link MAX_QUERY_LENGTH} characters.
 * - Any change of filters, query or sort goes back to page 1; only {@link withPage} keeps the filters and moves.
 * - A range may also arrive as the pair `sf_<facet>_min` / `sf_<facet>_max`, which is what a plain GET form with two
 *   number inputs sends; `sf_<facet>` wins when both are present. Either end may be empty. Canonical URLs always use
 *   the `min-max` form.
 * - A list facet's own search box sends `sf_<facet>_search` (the shape of the range pair, which the codec already
 *   reads past): it narrows the values the facet lists, never the products, so it is not part of the filter state and
 *   canonical URLs leave it out. {@link parseFacetSearches} reads it; a facet named `<other>_search` is refused by the
 *   configuration so the two cannot collide.
 * Canonical form: facets in configuration order, values sorted and unique, empty facets, default orderby and page 1
 * left out, so that the same state always gives the same URL.
 */

export const FACET_PREFIX = 'sf_';
export const MAX_QUERY_LENGTH = 200;
export const MAX_VALUES_PER_FACET = 100;
/** A facet's value search: the suffix of its URL variable and its length limit (the REST endpoint's too). */
export const FACET_SEARCH_SUFFIX = '_search';
export const MAX_FACET_SEARCH_LENGTH = 100;
const MAX_PAGE = 100_000;
const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const RANGE_PATTERN = /^(\d{1,12}(?:\.\d*)?)?-(\d{1,12}(?:\.\d*)?)?$/;

/** A range selection; `null` is an open end. */
export interface RangeValue {
  min: number | null;
  max: number | null;
}

export interface FilterState {
  /** List facet name -> selected value slugs, sorted and unique; facets without a selection are absent. */
  values: Record<string, string[]>;
  /** Range facet name -> the selected range; facets without a selection are absent. */
  ranges: Record<string, RangeValue>;
  /** The search text, '' for none. */
  q: string;
  /** Always one of the schema's options (the default when the URL names none or an unknown one). */
  orderby: string;
  /** 1-based page number. */
  page: number;
}

/** What the codec needs to know about one configured facet. */
export interface FacetFieldSchema {
  name: string;
  kind: 'list' | 'range';
  /** The value slugs that exist; values outside it are dropped. Without it, any slug-shaped value is kept. */
  values?: ReadonlySet<string>;
}

export interface QuerySchema {
  /** In configuration order; this is the order of the canonical URL. */
  facets: readonly FacetFieldSchema[];
  orderbyOptions: readonly string[];
  defaultOrderby: string;
}

/** A query as `URLSearchParams` or as a plain object (a Koa `ctx.query`, a `/filter` body's `query`). */
export type QueryInput = URLSearchParams | Readonly<Record<string, unknown>>;

/** The state with nothing selected. */
export function emptyFilterState(schema: QuerySchema): FilterState {
  return { values: {}, ranges: {}, q: '', orderby: schema.defaultOrderby, page: 1 };
}

/**
 * Reads a filter state; never throws. Unknown variables, facets and values are dropped.
 *
 * @example parseFilterState(new URLSearchParams('sf_color=red,blue&sf_price=10-'), schema)
 *   // {values: {color: ['blue', 'red']}, ranges: {price: {min: 10, max: null}}, q: '', orderby: 'popularity', page: 1}
 */
export function parseFilterState(input: QueryInput, schema: QuerySchema): FilterState {
  const read = (name: string): string[] => readAll(input, name);
  const state = emptyFilterState(schema);
  for (const facet of schema.facets) {
    const raw = read(FACET_PREFIX + facet.name);
    if (facet.kind === 'range') {
      const range = raw.map(parseRange).find((candidate) => candidate !== null) ?? parseRangePair(input, facet.name);
      if (range) state.ranges[facet.name] = range;
    } else {
      const values = normalizeValues(
        raw.flatMap((item) => item.split(',')),
        facet,
      );
      if (values.length > 0) state.values[facet.name] = values;
    }
  }
  state.q = normalizeQueryText(read(`${FACET_PREFIX}q`)[0] ?? '');
  const orderby = read(`${FACET_PREFIX}orderby`)[0]?.trim() ?? '';
  if (schema.orderbyOptions.includes(orderby)) state.orderby = orderby;
  const page = read(`${FACET_PREFIX}paged`)[0]?.trim() ?? '';
  if (/^\d{1,6}$/.test(page)) state.page = Math.min(MAX_PAGE, Math.max(1, Number(page)));
  return state;
}

/** The URL variable of a list facet's value search, e.g. `sf_brand_search`. */
export function facetSearchVariable(facet: string): string {
  return `${FACET_PREFIX}${facet}${FACET_SEARCH_SUFFIX}`;
}

/**
 * The value searches of the schema's list facets, normalized like `sf_q` and cut to {@link MAX_FACET_SEARCH_LENGTH};
 * empty ones are left out.
 *
 * @example parseFacetSearches(new URLSearchParams('sf_brand_search=acm'), schema) // {brand: 'acm'}
 */
export function parseFacetSearches(input: QueryInput, schema: QuerySchema): Record<string, string> {
  const searches: Record<string, string> = {};
  for (const facet of schema.facets) {
    if (facet.kind !== 'list') continue;
    const text = normalizeQueryText(readAll(input, facetSearchVariable(facet.name))[0] ?? '')
      .slice(0, MAX_FACET_SEARCH_LENGTH)
      .trim();
    if (text) searches[facet.name] = text;
  }
  return searches;
}

/**
 * The canonical variables of a state, in canonical order, as `[name, value]` pairs.
 *
 * @example toQueryEntries(state, schema) // [['sf_color', 'blue,red'], ['sf_price', '10-'], ['sf_paged', '2']]
 */
export function toQueryEntries(state: FilterState, schema: QuerySchema): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const facet of schema.facets) {
    if (facet.kind === 'range') {
      const range = normalizeRange(state.ranges[facet.name]?.min ?? null, state.ranges[facet.name]?.max ?? null);
      if (range) entries.push([FACET_PREFIX + facet.name, `${range.min ?? ''}-${range.max ?? ''}`]);
    } else {
      const values = normalizeValues(state.values[facet.name] ?? [], facet);
      if (values.length > 0) entries.push([FACET_PREFIX + facet.name, values.join(',')]);
    }
  }
  const q = normalizeQueryText(state.q);
  if (q) entries.push([`${FACET_PREFIX}q`, q]);
  if (state.orderby !== schema.defaultOrderby && schema.orderbyOptions.includes(state.orderby)) {
    entries.push([`${FACET_PREFIX}orderby`, state.orderby]);
  }
  if (state.page > 1) entries.push([`${FACET_PREFIX}paged`, String(state.page)]);
  return entries;
}

/** The canonical state as a plain object, e.g. the `query` of a `/filter` request or response. */
export function toQueryRecord(state: FilterState, schema: QuerySchema): Record<string, string> {
  return Object.fromEntries(toQueryEntries(state, schema));
}

/**
 * The canonical query string, without `?`; commas between values stay literal for readable URLs.
 *
 * @example toQueryString(state, schema) // 'sf_color=blue,red&sf_q=wool%20coat'
 */
export function toQueryString(state: FilterState, schema: QuerySchema): string {
  return toQueryEntries(state, schema)
    .map(([name, value]) => `${name}=${value.split(',').map(encodeURIComponent).join(',')}`)
    .join('&');
}

/** The state with its page brought into `1..pageCount` (page 1 when there are no results). */
export function clampPage(state: FilterState, pageCount: number): FilterState {
  const page = Math.max(1, Math.min(state.page, Math.floor(pageCount)));
  return page === state.page ? state : { ...state, page };
}

/** The state with `value` of list facet `facet` switched on or off, back on page 1. */
export function withValueToggled(state: FilterState, facet: string, value: string): FilterState {
  const current = state.values[facet] ?? [];
  return withValues(
    state,
    facet,
    current.includes(value) ? current.filter((item) => item !== value) : [...current, value],
  );
}

/** The state with list facet `facet` set to exactly `selected` (radio, dropdown), back on page 1. */
export function withValues(state: FilterState, facet: string, selected: readonly string[]): FilterState {
  const values = { ...state.values, [facet]: [...new Set(selected)].sort() };
  if (selected.length === 0) delete values[facet];
  return { ...state, values, page: 1 };
}

/** The state with range facet `facet` set to `range`, back on page 1. */
export function withRange(state: FilterState, facet: string, range: RangeValue): FilterState {
  return { ...state, ranges: { ...state.ranges, [facet]: range }, page: 1 };
}

/** The state without any selection of `facet`, back on page 1. */
export function withFacetRemoved(state: FilterState, facet: string): FilterState {
  const values = { ...state.values };
  const ranges = { ...state.ranges };
  delete values[facet];
  delete ranges[facet];
  return { ...state, values, ranges, page: 1 };
}

/** The state with a new search text, back on page 1. */
export function withQueryText(state: FilterState, q: string): FilterState {
  return { ...state, q: normalizeQueryText(q), page: 1 };
}

/** The same filters on another page. */
export function withPage(state: FilterState, page: number): FilterState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** All values of one variable, whatever the input's form; anything that is not a string is ignored. */
function readAll(input: QueryInput, name: string): string[] {
  if (input instanceof URLSearchParams) return input.getAll(name);
  if (!Object.hasOwn(input, name)) return [];
  const raw = input[name];
  if (typeof raw === 'string') return [raw];
  return Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : [];
}

function normalizeValues(raw: readonly string[], facet: FacetFieldSchema): string[] {
  const kept = new Set<string>();
  for (const item of raw) {
    const value = item.trim().toLowerCase();
    if (facet.values ? facet.values.has(value) : SLUG_PATTERN.test(value)) kept.add(value);
    if (kept.size >= MAX_VALUES_PER_FACET) break;
  }
  return [...kept].sort();
}

function parseRange(text: string): RangeValue | null {
  const match = RANGE_PATTERN.exec(text.trim());
  if (!match) return null;
  return normalizeRange(match[1] ? Number(match[1]) : null, match[2] ? Number(match[2]) : null);
}

/** The `sf_<facet>_min` / `sf_<facet>_max` pair of a GET form, read with the same rules as `min-max`. */
function parseRangePair(input: QueryInput, facet: string): RangeValue | null {
  const end = (suffix: string) => (readAll(input, `${FACET_PREFIX}${facet}_${suffix}`)[0] ?? '').trim();
  const [min, max] = [end('min'), end('max')];
  return min || max ? parseRange(`${min}-${max}`) : null;
}

/** Rounds ends to cents, drops ends that cannot be written back (negative, huge, not finite), orders them. */
function normalizeRange(min: number | null, max: number | null): RangeValue | null {
  const clean = (end: number | null): number | null =>
    end !== null && Number.isFinite(end) && end >= 0 && end < 1e12 ? Math.round(end * 100) / 100 : null;
  const [low, high] = [clean(min), clean(max)];
  if (low === null && high === null) return null;
  return low !== null && high !== null && low > high ? { min: high, max: low } : { min: low, max: high };
}

function normalizeQueryText(text: string): string {
  const collapsed = text.trim().replace(/\s+/g, ' ');
  const characters = Array.from(collapsed);
  return characters.length <= MAX_QUERY_LENGTH ? collapsed : characters.slice(0, MAX_QUERY_LENGTH).join('').trimEnd();
}
