/**
 * Reading a `wc/v3` product or variation body into what it asks to change, as WooCommerce reads it: prices as
 * strings (numbers accepted too), sale dates in the shop's time (or `_gmt` in UTC), terms as objects. Unknown fields
 * are ignored, as WooCommerce ignores them; every badly typed field is named, so that one 400 lists them all.
 * Only the body's own properties count, and every string and list is bounded. Knows nothing of the catalog: whether
 * a category exists or a SKU is free is decided where the input meets the catalog (wc-product-changes.ts).
 */
import { checkValue, type ArgSchema } from '../rest/args.js';
import { parsePrice } from '../catalog/csv/woo-csv-cells.js';
import type { ProductStatus, ProductType } from '../catalog/model.js';
import { CATALOG_LIMITS as LIMITS, imageUrlProblem } from '../catalog/catalog-limits.js';
import { safetyMetaProblem } from '../catalog/product-safety.js';
import { PRODUCT_STATUSES } from '../catalog/public-catalog.js';
import { fromLocalDateTime } from '../store/local-time.js';

/** The highest price accepted: far above any real one, and still exact in two decimals. */
export const MAX_PRICE = 1e9;
const MAX_STOCK = 1e9;

export interface AttributeInput {
  /** The attribute's name or label as the client sent it (`Colour`, `pa_color`). */
  name: string;
  options: string[];
}

/** The fields a product body sets; an absent field is left as it is. */
export interface ProductInput {
  name?: string;
  slug?: string;
  type?: ProductType;
  status?: ProductStatus;
  sku?: string;
  /** Null: the body sent an empty price. */
  regular_price?: number | null;
  sale_price?: number | null;
  /** ISO instants in UTC; null clears. */
  date_on_sale_from?: string | null;
  date_on_sale_to?: string | null;
  in_stock?: boolean;
  stock_quantity?: number;
  category_ids?: number[];
  tags?: string[];
  attributes?: AttributeInput[];
  /** Image addresses, the main image first. */
  images?: string[];
  short_description?: string;
  description?: string;
  /** WooCommerce's `meta_data` entries to set; a null value removes the key. Other keys are kept. */
  meta_data?: { key: string; value: string | null }[];
}

/** The fields a variation body sets. */
export interface VariationInput
  extends Pick<ProductInput, 'sku' | 'regular_price' | 'sale_price' | 'date_on_sale_from' | 'date_on_sale_to' | 'in_stock' | 'stock_quantity'> {
  /** Attribute name or label -> the one term this variation has. */
  attributes?: { name: string; option: string }[];
}

export interface ParsedInput<T> {
  input: T;
  /** Field name -> what is wrong with it; empty when the body is good. */
  problems: Record<string, string>;
}

/** What is wrong with one item of a list, told apart from a value by its class. */
class Problem {
  constructor(readonly message: string) {}
}

/** Field readers share one body, one time zone and one problems map. */
class BodyReader {
  readonly problems: Record<string, string> = {};
  constructor(
    readonly body: Record<string, unknown>,
    readonly timeZone: string,
  ) {}

  has(field: string): boolean {
    return Object.hasOwn(this.body, field) && this.body[field] !== undefined;
  }

  /** A scalar through the same checks as declared route arguments (`"5"` is an integer, as WordPress has it). */
  scalar<T>(field: string, schema: ArgSchema): T | undefined {
    if (!this.has(field)) return undefined;
    const checked = checkValue(field, this.body[field], schema);
    if (checked.ok) return checked.value as T;
    this.problems[field] = checked.message;
    return undefined;
  }

  price(field: string): number | null | undefined {
    if (!this.has(field)) return undefined;
    const raw = this.body[field];
    const expected = `${field} must be a price such as "12.50" (a string, or a number), from 0 to ${MAX_PRICE}; "" for none.`;
    let price: number | null;
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw) || raw < 0) return void (this.problems[field] = expected);
      price = Math.round(raw * 100) / 100;
    } else if (typeof raw === 'string' && raw.length <= 32) {
      try {
        price = parsePrice(raw);
      } catch (error) {
        return void (this.problems[field] = `${field}: ${(error as Error).message}. ${expected}`);
      }
    } else {
      return void (this.problems[field] = expected);
    }
    if (price !== null && price > MAX_PRICE) return void (this.problems[field] = expected);
    return price;
  }

  /** WooCommerce's pair: `field` in the shop's time, `field_gmt` in UTC (which wins when both are sent). */
  saleDate(field: 'date_on_sale_from' | 'date_on_sale_to'): string | null | undefined {
    let value: string | null | undefined;
    for (const [name, zone] of [[field, this.timeZone], [`${field}_gmt`, 'UTC']] as const) {
      if (!Object.hasOwn(this.body, name) || this.body[name] === undefined) continue;
      const raw = this.body[name];
      if (raw === null || raw === '') {
        value = null;
        continue;
      }
      const instant = typeof raw === 'string' && raw.length <= 40 ? dateOf(raw, zone) : null;
      if (instant === null) this.problems[name] = `${name} must be a date such as "2026-05-01T00:00:00", or null.`;
      else value = instant;
    }
    return value;
  }

  /** A list of at most `max` objects, each read by `item`, which reports a problem by returning a {@link Problem}. */
  list<T>(field: string, max: number, item: (entry: Record<string, unknown>, index: number) => T | Problem): T[] | undefined {
    if (!this.has(field)) return undefined;
    const raw = this.body[field];
    if (!Array.isArray(raw)) return void (this.problems[field] = `${field} must be an array of objects.`);
    if (raw.length > max) return void (this.problems[field] = `${field} must have at most ${max} items, not ${raw.length}.`);
    const values: T[] = [];
    for (const [index, entry] of raw.entries()) {
      const read = isPlainObject(entry) ? item(entry, index) : new Problem(`${field}[${index}] must be an object.`);
      if (read instanceof Problem) return void (this.problems[field] = read.message);
      values.push(read);
    }
    return values;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const own = (entry: Record<string, unknown>, key: string): unknown => (Object.hasOwn(entry, key) ? entry[key] : undefined);

/** A date with an offset or `Z` is an instant; without one it is wall-clock time in `zone`. */
function dateOf(text: string, zone: string): string | null {
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const time = Date.parse(text);
    return /^\d{4}-\d{2}-\d{2}T/.test(text) && Number.isFinite(time) ? new Date(time).toISOString() : null;
  }
  try {
    return fromLocalDateTime(text, zone);
  } catch {
    return null;
  }
}

const boundedText = (maxLength: number): ArgSchema => ({ type: 'string', maxLength });

/** A term name: a non-empty string within the catalog's limit. */
function termName(raw: unknown, path: string, hint = ''): string | Problem {
  return typeof raw === 'string' && raw.trim() !== '' && raw.length <= LIMITS.term
    ? raw.trim()
    : new Problem(`${path} must be a non-empty string of at most ${LIMITS.term} characters.${hint}`);
}

function readStock(reader: BodyReader): Pick<ProductInput, 'in_stock' | 'stock_quantity'> {
  const status = reader.scalar<string>('stock_status', { type: 'string', enum: ['instock', 'outofstock', 'onbackorder'] });
  const stock_quantity = reader.scalar<number>('stock_quantity', { type: 'integer', minimum: -MAX_STOCK, maximum: MAX_STOCK });
  // Checked for its type only: stock is always counted here, so `manage_stock: false` changes nothing.
  reader.scalar('manage_stock', { type: 'boolean' });
  // A backorder can still be bought, which is what `in_stock` means to the shop.
  return { in_stock: status === undefined ? undefined : status !== 'outofstock', stock_quantity };
}

function readPrices(reader: BodyReader): Pick<ProductInput, 'regular_price' | 'sale_price' | 'date_on_sale_from' | 'date_on_sale_to'> {
  return {
    regular_price: reader.price('regular_price'),
    sale_price: reader.price('sale_price'),
    date_on_sale_from: reader.saleDate('date_on_sale_from'),
    date_on_sale_to: reader.saleDate('date_on_sale_to'),
  };
}

/** Drops the fields the body did not set, so that `{...product, ...input}`-style merging never sees `undefined`. */
function defined<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as T;
}

function notAnObject(): ParsedInput<never> {
  return { input: {} as never, problems: { body: 'The request body must be a JSON object.' } };
}

/**
 * @param body the parsed JSON body (anything: it is checked here)
 * @param timeZone the shop's zone, in which `date_on_sale_from` / `_to` are read
 * @example parseProductInput({ name: 'Mug', regular_price: '12.50' }, 'Europe/Warsaw').input // { name: 'Mug', regular_price: 12.5 }
 */
export function parseProductInput(body: unknown, timeZone: string): ParsedInput<ProductInput> {
  if (!isPlainObject(body)) return notAnObject();
  const reader = new BodyReader(body, timeZone);
  const input: ProductInput = {
    name: reader.scalar('name', boundedText(LIMITS.name)),
    slug: reader.scalar('slug', { type: 'string', maxLength: 200, pattern: '^[a-z0-9-]*$' }),
    type: reader.scalar('type', { type: 'string', enum: ['simple', 'variable'] }),
    status: reader.scalar('status', { type: 'string', enum: [...PRODUCT_STATUSES] }),
    sku: reader.scalar('sku', boundedText(LIMITS.sku)),
    ...readPrices(reader),
    ...readStock(reader),
    category_ids: reader.list('categories', LIMITS.categories, (entry, index) => {
      const id = own(entry, 'id');
      return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : new Problem(`categories[${index}].id must be a category's id (a positive integer).`);
    }),
    tags: reader.list('tags', LIMITS.tags, (entry, index) => {
      // This shop keeps tags by name (the API shows them with id 0), so a tag is named, not numbered.
      return termName(own(entry, 'name'), `tags[${index}].name`, ' Tags are kept by name here (the API shows them with id 0).');
    }),
    attributes: reader.list('attributes', LIMITS.attributes, (entry, index) => {
      const name = termName(own(entry, 'name'), `attributes[${index}].name`, ' Attributes are named here (the API shows them with id 0).');
      if (name instanceof Problem) return name;
      const options = own(entry, 'options') ?? [];
      if (!Array.isArray(options) || options.length > LIMITS.terms) return new Problem(`attributes[${index}].options must be an array of at most ${LIMITS.terms} term names.`);
      const terms: string[] = [];
      for (const [at, option] of options.entries()) {
        const term = termName(option, `attributes[${index}].options[${at}]`);
        if (term instanceof Problem) return term;
        if (!terms.includes(term)) terms.push(term);
      }
      return { name, options: terms };
    }),
    images: reader.list('images', LIMITS.images, (entry, index) => {
      const src = own(entry, 'src');
      const problem = typeof src === 'string' ? imageUrlProblem(src) : 'it must be a string';
      return problem === null ? (src as string) : new Problem(`images[${index}].src must be an http(s) address or a site path: ${problem}.`);
    }),
    short_description: reader.scalar('short_description', boundedText(LIMITS.shortDescription)),
    description: reader.scalar('description', boundedText(LIMITS.description)),
    meta_data: readMetaData(reader),
  };
  return { input: defined(input), problems: reader.problems };
}

const META_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,254}$/;

/**
 * `meta_data: [{key, value}]`. Values are kept as text, as CSV `Meta:` columns keep them; "" or null removes the key.
 * Product-safety keys are checked here (product-safety.ts), each bad one named as `meta_data.<key>`.
 */
function readMetaData(reader: BodyReader): ProductInput['meta_data'] {
  const entries = reader.list('meta_data', LIMITS.metaKeys, (entry, index) => {
    const key = own(entry, 'key');
    if (typeof key !== 'string' || !META_KEY.test(key)) return new Problem(`meta_data[${index}].key must be a key of letters, digits and _ . : - (at most 255).`);
    const raw = own(entry, 'value');
    if (raw === null || raw === undefined || raw === '') return { key, value: null };
    if (!['string', 'number', 'boolean'].includes(typeof raw)) return new Problem(`meta_data[${index}].value must be text (or null to remove ${key}).`);
    const value = String(raw);
    return value.length > LIMITS.metaValue ? new Problem(`meta_data[${index}].value must be at most ${LIMITS.metaValue} characters.`) : { key, value };
  });
  for (const { key, value } of entries ?? []) {
    const problem = value === null ? null : safetyMetaProblem(key, value);
    if (problem) reader.problems[`meta_data.${key}`] = problem;
  }
  return entries;
}

/** @example parseVariationInput({ regular_price: '15', attributes: [{ name: 'Size', option: 'S' }] }, 'UTC') */
export function parseVariationInput(body: unknown, timeZone: string): ParsedInput<VariationInput> {
  if (!isPlainObject(body)) return notAnObject();
  const reader = new BodyReader(body, timeZone);
  const input: VariationInput = {
    sku: reader.scalar('sku', boundedText(100)),
    ...readPrices(reader),
    ...readStock(reader),
    attributes: reader.list('attributes', LIMITS.attributes, (entry, index) => {
      const name = termName(own(entry, 'name'), `attributes[${index}].name`);
      if (name instanceof Problem) return name;
      const option = termName(own(entry, 'option'), `attributes[${index}].option`);
      return option instanceof Problem ? option : { name, option };
    }),
  };
  return { input: defined(input), problems: reader.problems };
}
