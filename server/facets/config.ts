/**
 * The facet configuration (GET/POST `/settings`): its defaults, and a validator that reports every problem at once as
 * `path -> message`, the shape of a 400 `rest_invalid_param`'s `data.params`. Its types are the REST answer's
 * (client/api/facets.ts), re-exported here for the server's modules.
 */

import {
  FACET_LOGICS,
  FACET_TYPES,
  FACET_VALUE_ORDERS,
  MULTI_SELECT_TYPES,
  ORDERBY_OPTIONS,
  type FacetConfig,
  type FacetDefinition,
  type FacetLogic,
  type FacetType,
  type FacetValueOrder,
  type Orderby,
} from '../../client/api/facets.js';

export { FACET_LOGICS, FACET_TYPES, FACET_VALUE_ORDERS, ORDERBY_OPTIONS };
export type { FacetConfig, FacetDefinition, FacetLogic, FacetType, FacetValueOrder, Orderby };

/** Facet names that would collide with the codec's own `sf_q`, `sf_orderby`, `sf_paged`. */
const RESERVED_NAMES = ['q', 'orderby', 'paged'];
const NAME_PATTERN = /^[a-z0-9_]{1,40}$/;

/** The clothing sizes in the order shoppers expect: the default size facet lists them so. */
export const CLOTHING_SIZE_ORDER = ['XXS', 'XS', 'S', 'S/M', 'M', 'M/L', 'L', 'L/XL', 'XL', 'XXL', 'XXXL'];

/** What the validator needs to know about a source: which types fit it. Usually `availableSources(catalog)`. */
export interface SourceTypes {
  source: string;
  types: readonly FacetType[];
}

export type ValidationResult = { ok: true; config: FacetConfig } | { ok: false; errors: Record<string, string> };

/**
 * What a facet's optional fields are when a configuration leaves them out (as WordPress fills a schema's `default`):
 * only `name`, `label`, `type` and `source` must be given.
 */
export const FACET_FIELD_DEFAULTS = {
  logic: 'or',
  show_counts: true,
  hide_empty: true,
  order: 'count',
  limit: 10,
} as const satisfies Partial<FacetDefinition>;

/** The legends of the default facets, by facet name; English unless a shop is seeded in another language. */
export type DefaultFacetLabels = Readonly<
  Record<'category' | 'brand' | 'color' | 'size' | 'price' | 'rating' | 'in_stock', string>
>;

export const ENGLISH_FACET_LABELS: DefaultFacetLabels = {
  category: 'Category',
  brand: 'Brand',
  color: 'Colour',
  size: 'Size',
  price: 'Price',
  rating: 'Rating',
  in_stock: 'In stock',
};

/** The configuration of a new shop: category tree, brand, colour (as swatches), size, price, rating, in stock. */
export function defaultFacetConfig(labels: DefaultFacetLabels = ENGLISH_FACET_LABELS): FacetConfig {
  const facet = (
    name: string,
    label: string,
    type: FacetType,
    source: string,
    extra: Partial<FacetDefinition> = {},
  ): FacetDefinition => ({ name, label, type, source, ...FACET_FIELD_DEFAULTS, ...extra });
  return {
    facets: [
      facet('category', labels.category, 'hierarchy', 'taxonomy:category', { order: 'name', limit: 0 }),
      facet('brand', labels.brand, 'checkboxes', 'field:brand'),
      facet('color', labels.color, 'checkboxes', 'attribute:color', { swatches: true }),
      facet('size', labels.size, 'checkboxes', 'attribute:size', {
        limit: 0,
        order: 'custom',
        custom_order: CLOTHING_SIZE_ORDER,
      }),
      facet('price', labels.price, 'range', 'field:price'),
      facet('rating', labels.rating, 'rating', 'field:rating'),
      facet('in_stock', labels.in_stock, 'toggle', 'field:in_stock'),
    ],
    per_page: 24,
    columns: 3,
    orderby_options: ['popularity', 'relevance', 'rating', 'date', 'price', 'price-desc'],
    default_orderby: 'popularity',
  };
}

const FACET_KEYS = [
  'name',
  'label',
  'type',
  'source',
  'logic',
  'show_counts',
  'hide_empty',
  'order',
  'limit',
  'custom_order',
  'new_days',
  'swatches',
  'colors',
] as const;
/** Types that list values as checkboxes or radio buttons, which a swatch can stand for. */
const SWATCH_TYPES: readonly FacetType[] = ['checkboxes', 'radio'];
const MAX_COLORS = 1000;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const CONFIG_KEYS = ['facets', 'per_page', 'columns', 'orderby_options', 'default_orderby'] as const;

/**
 * Checks a whole configuration against the sources a catalog offers. Never throws, whatever the input.
 *
 * @example
 * const result = validateFacetConfig(body, availableSources(catalog));
 * if (!result.ok) throw restError(400, 'rest_invalid_param', { params: result.errors });
 */
export function validateFacetConfig(given: unknown, sources: readonly SourceTypes[]): ValidationResult {
  const errors: Record<string, string> = {};
  if (!isRecord(given)) return { ok: false, errors: { '': 'The facet configuration must be a JSON object.' } };
  const input = withFacetDefaults(given);
  reportUnknownKeys(input, CONFIG_KEYS, '', errors);
  checkInteger(input.per_page, 'per_page', 1, 100, errors);
  checkInteger(input.columns, 'columns', 1, 6, errors);
  const orderbys = input.orderby_options;
  if (!Array.isArray(orderbys) || orderbys.length === 0) {
    errors.orderby_options = 'orderby_options must be a non-empty list of sort orders.';
  } else {
    orderbys.forEach((option, index) => checkOneOf(option, `orderby_options[${index}]`, ORDERBY_OPTIONS, errors));
    if (new Set(orderbys).size !== orderbys.length)
      errors.orderby_options = 'orderby_options lists a sort order twice.';
  }
  checkOneOf(input.default_orderby, 'default_orderby', ORDERBY_OPTIONS, errors);
  if (Array.isArray(orderbys) && !errors.default_orderby && !orderbys.includes(input.default_orderby)) {
    errors.default_orderby = 'default_orderby must be one of orderby_options.';
  }
  if (!Array.isArray(input.facets)) errors.facets = 'facets must be a list.';
  else
    input.facets.forEach((facet, index) =>
      checkFacet(facet, `facets[${index}]`, input.facets as unknown[], sources, errors),
    );
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, config: structuredClone(input) as unknown as FacetConfig };
}

/** The configuration with each facet's omitted optional fields filled in; anything given is kept, to be checked. */
function withFacetDefaults(input: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(input.facets)) return input;
  return {
    ...input,
    facets: input.facets.map((facet: unknown) => (isRecord(facet) ? { ...FACET_FIELD_DEFAULTS, ...facet } : facet)),
  };
}

function checkFacet(
  facet: unknown,
  path: string,
  all: unknown[],
  sources: readonly SourceTypes[],
  errors: Record<string, string>,
): void {
  if (!isRecord(facet)) {
    errors[path] = `${path} must be an object.`;
    return;
  }
  reportUnknownKeys(facet, FACET_KEYS, `${path}.`, errors);
  const { name, label, type, source, logic } = facet;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    errors[`${path}.name`] = 'name must be 1-40 characters of a-z, 0-9 and _ (it becomes the URL variable sf_<name>).';
  } else if (RESERVED_NAMES.includes(name)) {
    errors[`${path}.name`] = `name "${name}" is reserved: sf_${name} is already a filter variable.`;
  } else if (name.endsWith('_search')) {
    // sf_<facet>_search is a facet's value search box (see the URL codec).
    errors[`${path}.name`] = `name "${name}" must not end in _search: sf_${name} is a facet's value search.`;
  } else {
    const first = all.findIndex((other) => isRecord(other) && other.name === name);
    if (all[first] !== facet) errors[`${path}.name`] = `name "${name}" is already used by facets[${first}].`;
  }
  if (typeof label !== 'string' || label.trim() === '' || label.length > 100)
    errors[`${path}.label`] = 'label must be a non-empty text of at most 100 characters.';
  checkOneOf(type, `${path}.type`, FACET_TYPES, errors);
  const known = sources.find((candidate) => candidate.source === source);
  if (!known) {
    errors[`${path}.source`] =
      `source must be one of the catalog's sources: ${sources.map((candidate) => candidate.source).join(', ')}.`;
  } else if (!errors[`${path}.type`] && !known.types.includes(type as FacetType)) {
    errors[`${path}.type`] =
      `type "${String(type)}" does not fit source ${known.source}; use one of ${known.types.join(', ')}.`;
  }
  checkOneOf(logic, `${path}.logic`, FACET_LOGICS, errors);
  if (logic === 'and' && FACET_TYPES.includes(type as FacetType) && !MULTI_SELECT_TYPES.includes(type as FacetType)) {
    errors[`${path}.logic`] =
      `logic "and" needs a type where several values can be chosen (${MULTI_SELECT_TYPES.join(', ')}).`;
  }
  for (const flag of ['show_counts', 'hide_empty'] as const) {
    if (typeof facet[flag] !== 'boolean') errors[`${path}.${flag}`] = `${flag} must be true or false.`;
  }
  checkOneOf(facet.order, `${path}.order`, FACET_VALUE_ORDERS, errors);
  checkCustomOrder(facet, path, errors);
  checkInteger(facet.limit, `${path}.limit`, 0, 1000, errors);
  checkLooks(facet, path, errors);
}

/**
 * `new_days` only for `field:new`; swatches only for an attribute's checkboxes or radio buttons, with valid colours.
 */
function checkLooks(facet: Record<string, unknown>, path: string, errors: Record<string, string>): void {
  if (facet.new_days !== undefined) {
    if (facet.source !== 'field:new') errors[`${path}.new_days`] = 'new_days applies to the source field:new only.';
    else checkInteger(facet.new_days, `${path}.new_days`, 1, 365, errors);
  }
  if (facet.swatches !== undefined) {
    if (typeof facet.swatches !== 'boolean') errors[`${path}.swatches`] = 'swatches must be true or false.';
    else if (
      facet.swatches &&
      !(
        typeof facet.source === 'string' &&
        facet.source.startsWith('attribute:') &&
        SWATCH_TYPES.includes(facet.type as FacetType)
      )
    ) {
      errors[`${path}.swatches`] = `swatches need an attribute source and the type ${SWATCH_TYPES.join(' or ')}.`;
    }
  }
  const colors = facet.colors;
  if (colors === undefined) return;
  const entries = isRecord(colors) ? Object.entries(colors) : null;
  const valid =
    entries !== null &&
    entries.length <= MAX_COLORS &&
    entries.every(([slug, color]) => SLUG.test(slug) && typeof color === 'string' && HEX_COLOR.test(color));
  if (!valid)
    errors[`${path}.colors`] = `colors must map at most ${MAX_COLORS} value slugs to colours written #rrggbb.`;
}

function checkCustomOrder(facet: Record<string, unknown>, path: string, errors: Record<string, string>): void {
  const list = facet.custom_order;
  if (list === undefined) {
    if (facet.order === 'custom')
      errors[`${path}.custom_order`] = 'custom_order must list the values in order when order is "custom".';
    return;
  }
  const valid =
    Array.isArray(list) &&
    list.length <= 1000 &&
    list.every((item) => typeof item === 'string' && item.trim() !== '' && item.length <= 100);
  if (!valid)
    errors[`${path}.custom_order`] = 'custom_order must be a list of at most 1000 value names of 1-100 characters.';
  else if (facet.order === 'custom' && list.length === 0)
    errors[`${path}.custom_order`] = 'custom_order must name at least one value when order is "custom".';
}

function checkInteger(value: unknown, path: string, min: number, max: number, errors: Record<string, string>): void {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    errors[path] = `${path.replace(/^.*\./, '')} must be a whole number from ${min} to ${max}.`;
  }
}

function checkOneOf(value: unknown, path: string, allowed: readonly string[], errors: Record<string, string>): void {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    errors[path] = `${path.replace(/^.*\./, '')} must be one of ${allowed.join(', ')}.`;
  }
}

function reportUnknownKeys(
  record: Record<string, unknown>,
  allowed: readonly string[],
  prefix: string,
  errors: Record<string, string>,
): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) errors[prefix + key] = `Unknown field "${key}".`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
