/**
 * The attributes of one facet-filter widget on a page, and the one set of rules that turns what an editor wrote
 * (`[facet per_page="12"]`, or the `facet/filter` block's JSON) into them.
 *
 * Editors make typos and pages outlive configuration, so normalising never throws: a value that breaks a rule is
 * left out, which means "use the shop's default". Whether a facet name or an orderby exists is a question for the
 * facet configuration at render time; here only the shape is checked.
 */

/** Attributes of one widget; an absent field means the shop's default. */
export interface WidgetAttributes {
  /** Facet names to show, in the editor's order; absent: all configured facets. */
  facets?: string[];
  /** Products per page, {@link PER_PAGE_RANGE}. */
  per_page?: number;
  /** Grid columns, {@link COLUMNS_RANGE}. */
  columns?: number;
  /** Slug of the base category: the widget only ever shows products under it. */
  category?: string;
  /** Initial sort order, e.g. `price` or `date-desc`; checked against `orderby_options` at render time. */
  orderby?: string;
}

/**
 * Renders the widget for normalised attributes. The shortcode and the block both call this; the lead's widget
 * module provides it.
 */
export type WidgetRenderer<Context> = (
  attributes: WidgetAttributes,
  context: Context,
  problems?: readonly string[],
) => Promise<string>;

/** Attribute values as they arrive: strings from a shortcode, JSON values from a block. */
export interface RawWidgetAttributes {
  /** A comma-separated list (`"color, size"`) or an array of names. */
  facets?: unknown;
  per_page?: unknown;
  columns?: unknown;
  category?: unknown;
  orderby?: unknown;
}

export const PER_PAGE_RANGE = { minimum: 1, maximum: 100 } as const;
export const COLUMNS_RANGE = { minimum: 1, maximum: 6 } as const;
/** A facet name is also the URL variable `sf_<name>` (docs/architecture.md), hence so narrow. */
export const FACET_NAME_PATTERN = /^[a-z0-9_]+$/;
/** The shape `slugify()` in `server/catalog/model.ts` produces. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ORDERBY_PATTERN = /^[a-z0-9_-]{1,40}$/;

/**
 * What an editor wrote that the rules refused, one sentence each, e.g. `per_page="500" is not a whole number from 1
 * to 100, so the shop's default is used.` Editors see these above the widget; shoppers never do.
 *
 * @example widgetAttributeProblems({columns: '9'}) // ['columns="9" is not a whole number from 1 to 6, so the shop\'s
 * default is used.']
 */
export function widgetAttributeProblems(
  raw: RawWidgetAttributes,
  names: Partial<Record<keyof RawWidgetAttributes, string>> = {},
): string[] {
  const normalized = normalizeWidgetAttributes(raw);
  const problems: string[] = [];
  const given = (key: keyof RawWidgetAttributes) =>
    raw[key] !== undefined && raw[key] !== '' && !(Array.isArray(raw[key]) && raw[key].length === 0);
  const shown = (key: keyof RawWidgetAttributes) =>
    `${names[key] ?? key}="${Array.isArray(raw[key]) ? (raw[key] as unknown[]).join(',') : String(raw[key])}"`;
  const ranges = { per_page: PER_PAGE_RANGE, columns: COLUMNS_RANGE } as const;
  for (const key of ['per_page', 'columns'] as const) {
    if (given(key) && normalized[key] === undefined) {
      problems.push(
        `${shown(key)} is not a whole number from ${ranges[key].minimum} to ${ranges[key].maximum}, so the shop's default is used.`,
      );
    }
  }
  if (given('category') && normalized.category === undefined)
    problems.push(`${shown('category')} is not a category slug, so all products are shown.`);
  if (given('orderby') && normalized.orderby === undefined)
    problems.push(`${shown('orderby')} is not a sort order name, so the shop's default sort is used.`);
  if (given('facets')) {
    const kept = new Set(normalized.facets ?? []);
    const candidates =
      typeof raw.facets === 'string' ? raw.facets.split(',') : Array.isArray(raw.facets) ? raw.facets : [raw.facets];
    const bad = candidates.map((name) => String(name).trim()).filter((name) => name && !kept.has(name.toLowerCase()));
    if (bad.length)
      problems.push(
        `The facet names ${bad.map((name) => `"${name}"`).join(', ')} are not valid names, so they are left out.`,
      );
  }
  return problems;
}

/**
 * Normalises raw widget attributes; never throws.
 *
 * Names are trimmed and lower-cased before they are checked (editors write `Color`); facet names that break the
 * rule are dropped one by one, duplicates dropped, and an empty list means all facets.
 *
 * @param raw Values from a shortcode or a validated block.
 * @returns Only the attributes that pass their rule.
 * @example
 * normalizeWidgetAttributes({facets: 'Color, bad name, size', per_page: '500', columns: '3'})
 * // => {facets: ['color', 'size'], columns: 3}
 */
export function normalizeWidgetAttributes(raw: RawWidgetAttributes): WidgetAttributes {
  const attributes: WidgetAttributes = {};
  const facets = facetNames(raw.facets);
  if (facets.length > 0) attributes.facets = facets;
  const perPage = integerWithin(raw.per_page, PER_PAGE_RANGE);
  if (perPage !== undefined) attributes.per_page = perPage;
  const columns = integerWithin(raw.columns, COLUMNS_RANGE);
  if (columns !== undefined) attributes.columns = columns;
  const category = matchingName(raw.category, CATEGORY_SLUG_PATTERN);
  if (category !== undefined) attributes.category = category;
  const orderby = matchingName(raw.orderby, ORDERBY_PATTERN);
  if (orderby !== undefined) attributes.orderby = orderby;
  return attributes;
}

function facetNames(value: unknown): string[] {
  const candidates = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const names = new Set<string>();
  for (const candidate of candidates) {
    const name = matchingName(candidate, FACET_NAME_PATTERN);
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

function matchingName(value: unknown, pattern: RegExp): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  return pattern.test(name) ? name : undefined;
}

/** Accepts a whole number or its plain decimal spelling: `'12'`, not `'12px'`, `'1e1'` or `'0x0c'`. */
function integerWithin(value: unknown, range: { minimum: number; maximum: number }): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(number) && number >= range.minimum && number <= range.maximum ? number : undefined;
}
